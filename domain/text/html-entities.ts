/**
 * HTML character references decoded (the search's page text, a mail's HTML reduced to text):
 * numeric ones, and the named ones mail
 * programs write. NUL, surrogates and numbers past Unicode become nothing; an unknown name stays
 * as it was written.
 */
const named: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  shy: "",
  laquo: "«",
  raquo: "»",
  ldquo: "“",
  rdquo: "”",
  bdquo: "„",
  lsquo: "‘",
  rsquo: "’",
  mdash: "—",
  ndash: "–",
  hellip: "…",
  bull: "•",
  middot: "·",
  copy: "©",
  reg: "®",
  trade: "™",
  deg: "°",
  times: "×",
  euro: "€",
  numero: "№",
};

function fromCode(code: number): string {
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "";
  return String.fromCodePoint(code);
}

export function decodeEntities(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]{1,8}|#[0-9]{1,9}|[a-zA-Z]{2,8});/g, (whole, body) => {
    const reference = String(body);
    if (reference.startsWith("#x") || reference.startsWith("#X")) {
      return fromCode(Number.parseInt(reference.slice(2), 16));
    }
    if (reference.startsWith("#")) return fromCode(Number.parseInt(reference.slice(1), 10));
    return named[reference.toLowerCase()] ?? whole;
  });
}
