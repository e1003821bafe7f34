/**
 * Why a mail came back, in the words staff read on the appeal (issue 46): from the enhanced status
 * code (RFC 3463) when it names the cause, else from the words of the remote server's reply, as
 * every mail server words it a little differently.
 */

/** What a bounce says about one recipient, standard (RFC 3464) or read from its text. */
export type BounceClues = {
  /** Enhanced status code, '5.1.1'; null when none was given. */
  status: string | null;
  /** The SMTP reply code, '550', when no enhanced code was given. */
  replyCode: string | null;
  /** 'failed', 'delayed', … (a DSN's Action); null for a non-standard bounce. */
  action: string | null;
  /** The server's own words: a DSN's Diagnostic-Code, or a non-standard bounce's text. */
  words: string;
  /** The bounce says it will try again (a subject like «Delayed Mail»). */
  delayedHint: boolean;
};

export type BounceReason = { permanent: boolean; status: string | null; reason: string };

const reasons = {
  noSuchAddress: "нет такого адреса",
  mailboxFull: "ящик переполнен",
  noSuchDomain: "домен не существует",
  unwanted: "письмо отклонено как нежелательное",
  temporary: "временная ошибка доставки",
} as const;

/** An enhanced status code standing on its own: not a piece of an IP address or a version. */
export const enhancedCode = /(?<![\d.])([245])\.(\d{1,3})\.(\d{1,3})(?!\.?\d)/;
/** An SMTP reply code opening a reply: '550 ', '550-', '550:'. */
export const replyCodePattern = /(?<![\w.])([45][0-5]\d)(?=[\s:-])/;

const mailboxFullWords =
  /quota|mailbox (is )?full|mailbox size limit|over ?quota|insufficient (system )?storage|exceeded storage|storage (space|limit)|переполнен|превышен\S{0,6} (квот|объ[её]м|размер ящика)|нет (свободного )?места/i;
const noSuchDomainWords =
  /host (or domain name )?not found|domain (name )?(not found|does not exist)|no such domain|nxdomain|unroute?able (address|domain)|name service error|find any host|no mx|домен\S{0,6} не (существует|найден)|не найден\S{0,6} домен|несуществующ\S{0,6} домен/i;
const unwantedWords =
  /spam|black ?list|block ?list|blocked|dnsbl|\brbl\b|спам|нежелательн|заблокирован|ч[её]рн\S{1,6} спис/i;
const noSuchAddressWords =
  /user unknown|unknown (user|recipient|mailbox)|no such (user|mailbox|recipient|address|account|person)|(does ?n[o']t|not) exist|recipient (address )?rejected|address rejected|invalid (recipient|mailbox|address)|mailbox (not found|unavailable)|(user|recipient|address) not found|account (is )?(disabled|deleted|inactive)|нет такого|не существует|не найден|несуществующ/i;

/** The cause an enhanced code names by itself; null for a generic one ('5.0.0', '5.5.0', …). */
function reasonOfStatus(status: string): string | null {
  const [kind, subject, detail] = status.split(".");
  const code = `${subject}.${detail}`;
  if (kind === "5" && ["1.1", "1.0", "1.3", "1.6", "1.10"].includes(code))
    return reasons.noSuchAddress;
  if (code === "2.2") return reasons.mailboxFull;
  if (kind === "5" && (code === "1.2" || code === "4.4")) return reasons.noSuchDomain;
  if (kind === "5" && subject === "7") return reasons.unwanted;
  return null;
}

/** The cause the server's words name; null when they name none of the common ones. */
function reasonOfWords(words: string): string | null {
  if (mailboxFullWords.test(words)) return reasons.mailboxFull;
  if (noSuchDomainWords.test(words)) return reasons.noSuchDomain;
  if (unwantedWords.test(words)) return reasons.unwanted;
  if (noSuchAddressWords.test(words)) return reasons.noSuchAddress;
  return null;
}

function isPermanent(clues: BounceClues): boolean {
  const code = clues.status ?? clues.replyCode;
  if (code) return code.startsWith("5");
  if (clues.action) return clues.action !== "delayed";
  return !clues.delayedHint;
}

export function bounceReason(clues: BounceClues): BounceReason {
  const permanent = isPermanent(clues);
  const status = clues.status;
  // 552 is «exceeded storage allocation», unless its words say the message was too large.
  const full = clues.replyCode === "552" && !/size|размер/i.test(clues.words);
  const named =
    (status ? reasonOfStatus(status) : null) ??
    reasonOfWords(clues.words) ??
    (full ? reasons.mailboxFull : null);
  if (!permanent) {
    // Only a full mailbox is worth naming while the server still tries: the rest may pass.
    return { permanent, status, reason: named === reasons.mailboxFull ? named : reasons.temporary };
  }
  const code = status ?? clues.replyCode;
  const reason = named ?? (code ? `письмо не доставлено (код ${code})` : "письмо не доставлено");
  return { permanent, status, reason };
}
