/**
 * One key for every way of writing one mailbox: what the acknowledgement cap, the status page and
 * the registry's search compare (decision 0025). `иван@почта.рф`, `ИВАН@почта.рф`,
 * `Иван@ПОЧТА.РФ` and `иван@xn--80a1acny.xn--p1ai` are one key. The stores keep it in the
 * appeals' own column `email_key`: SQL's lower() folds ASCII only on SQLite, and neither store
 * knows IDNA, so the key is made here, in JavaScript, and nowhere else.
 */

/** Only these characters make a domain the URL parser may read without changing its meaning. */
const plainDomain = /^[\p{L}\p{N}\p{M}.-]+$/u;

/**
 * The local part under Unicode case folding, the domain in its ASCII (punycode) form, lower case.
 * Total: a string that is no address still gets a key (the status page looks up what was typed).
 */
export function emailKey(email: string): string {
  const text = email.trim().normalize("NFC");
  const at = text.lastIndexOf("@");
  if (at < 0) return foldCase(text);
  return `${foldCase(text.slice(0, at))}@${asciiDomain(text.slice(at + 1))}`;
}

/**
 * Unicode case folding from the built-ins: lower, upper, lower. Measured against CaseFolding.txt
 * (full folding) over every letter, digit and mark, it puts exactly the same characters together
 * (ß, ẞ and "ss"; σ, ς and Σ; ϐ and β; ſ and s; the Kelvin sign and k), except that it also puts
 * the dotless ı with i: one more merge, which can only make the cap stricter.
 */
function foldCase(text: string): string {
  return text.toLowerCase().toUpperCase().toLowerCase().normalize("NFC");
}

/**
 * The domain as the WHATWG URL parser's host: IDNA (UTS 46) mapping and punycode, the same
 * algorithm as Node's url.domainToASCII (which domain/ may not import: it is shared with the
 * page). Anything the parser would read as more than a host (a port, a path) keeps its folded form.
 */
function asciiDomain(domain: string): string {
  if (!plainDomain.test(domain)) return foldCase(domain);
  try {
    return new URL(`http://${domain}/`).hostname;
  } catch {
    return foldCase(domain);
  }
}
