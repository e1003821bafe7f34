/**
 * Whether a message is a bounce, and what it says (issue 46): a delivery status notification
 * (RFC 3464: `multipart/report; report-type=delivery-status`), or one of the common non-standard
 * ones (Exim, qmail, Exchange, Yandex, Mail.ru: a mailer daemon's text with the remote server's
 * reply in it). Which delivery it is about: the VERP address it came back to, and the Message-ID
 * of the returned message or its headers.
 */
import type { Email } from "postal-mime";
import { headerValue } from "./auto-reply.ts";
import { type BounceClues, bounceReason, enhancedCode, replyCodePattern } from "./bounce-reason.ts";
import { readDeliveryStatus } from "./delivery-status.ts";
import { deliveryIdOf, recipientsOf } from "./inbound-addresses.ts";
import type { InboundVerdict } from "./inbound-types.ts";
import { bytesOf, stripAngles } from "./parse-inbound.ts";

type Bounce = Extract<InboundVerdict, { kind: "bounce" }>;

const reportTypes = new Set(["message/delivery-status", "message/global-delivery-status"]);
const returnedTypes = new Set([
  "message/rfc822",
  "message/global",
  "text/rfc822-headers",
  "message/global-headers",
]);

const daemonLocals = /^(mailer[-_]?daemon|mail-?daemon|postmaster|mdaemon)$/i;
const daemonNames = /mail delivery (system|subsystem|service)|mailer[-_ ]?daemon|postmaster/i;
const bounceSubjects =
  /undeliver(ed|able)|returned mail|returned to sender|mail delivery (failed|failure|problem)|delivery (status notification|failure|has failed|failed|notification)|failure notice|could not be delivered|delayed mail|message .{0,40}delayed|non-?delivery|недоставлен|не доставлен|не удалось доставить|не может быть доставлен|возвращ[её]нн\S{0,6} (письмо|сообщение)|ошибк\S{0,6} доставки|о доставке/i;
const delayWords =
  /delay|задерж|has not yet been delivered|will (continue|retry|try)|attempts will continue|ещ[её] не доставлен|продолж\S{0,6} попыт/i;
/** A line where a non-standard bounce starts the copy of the returned message. */
const copyStarts =
  /^[ \t]*(-{2,}.{0,40}(copy of|original message|message headers|returned message|исходн\S{0,6} (сообщени|письм)|копи)|received:[ \t]|return-path:[ \t]|message-id:[ \t])/im;
const messageIdLines = /^[ \t]{0,8}message-id:[ \t]*<([^<>\s]{1,250})>/gim;
const idsKept = 20;

/** The part of a bounce written for people, without the returned copy. */
function ownWords(text: string): string {
  const start = text.search(copyStarts);
  return text.slice(0, start === -1 ? 6000 : Math.min(start, 6000));
}

function firstFailureCode(words: string): string | null {
  for (const match of words.matchAll(new RegExp(enhancedCode.source, "g")))
    if (match[1] !== "2") return match[0];
  return null;
}

function looksLikeBounce(email: Email, words: string): boolean {
  const from = email.from?.address ? email.from : undefined;
  const daemon =
    daemonLocals.test(from?.address.split("@")[0] ?? "") || daemonNames.test(from?.name ?? "");
  const subjectSays = bounceSubjects.test(email.subject ?? "");
  const failedRecipients = headerValue(email, "x-failed-recipients") !== undefined;
  const hasCode = firstFailureCode(words) !== null || replyCodePattern.test(words);
  if (daemon) return subjectSays || failedRecipients || hasCode;
  // From someone else, the subject alone could be a person's; a program's marks must back it.
  const autoSubmitted = (headerValue(email, "auto-submitted") ?? "no") !== "no";
  const nullSender = headerValue(email, "return-path")?.replace(/\s/g, "") === "<>";
  return subjectSays && (failedRecipients || autoSubmitted || nullSender);
}

/** Message-IDs the returned message or its headers carry, wherever the bounce put them. */
function returnedMessageIds(email: Email, raw: Buffer, text: string): string[] {
  const headerEnds = [raw.indexOf("\n\n"), raw.indexOf("\r\n\r\n")].filter((at) => at !== -1);
  const sources = [
    raw.toString("latin1", headerEnds.length ? Math.min(...headerEnds) : raw.length),
    text,
    ...email.attachments
      .filter((attachment) => returnedTypes.has(attachment.mimeType.toLowerCase()))
      .map((attachment) => bytesOf(attachment.content).toString("latin1")),
  ];
  const own = stripAngles(email.messageId ?? "");
  const found = new Set<string>();
  for (const source of sources)
    for (const [, id = ""] of source.matchAll(messageIdLines)) {
      if (found.size >= idsKept) break;
      if (id !== own) found.add(id);
    }
  return [...found];
}

/**
 * The bounce a message is; 'delivered' for a report that every recipient got it (nothing to do);
 * null when it is no bounce.
 */
export function readBounce(
  email: Email,
  raw: Buffer,
  text: string,
  ours: { returnPathLocal: string | null; domain: string },
): Bounce | "delivered" | null {
  const words = ownWords(text);
  // A report part counts in a report only: a person may forward a bounce inline.
  const isReport = /^multipart\/report\b/.test(headerValue(email, "content-type") ?? "");
  const report = isReport
    ? email.attachments.find((part) => reportTypes.has(part.mimeType.toLowerCase()))
    : undefined;
  const delayedHint = delayWords.test(email.subject ?? "") || delayWords.test(words);
  let clues: BounceClues | null = null;
  if (report) {
    const { chosen, actions } = readDeliveryStatus(bytesOf(report.content).toString("utf8"));
    if (
      actions.length > 0 &&
      actions.every((action) => /^(delivered|relayed|expanded)$/.test(action))
    )
      return "delivered";
    if (chosen) {
      const { status, replyCode, action, diagnostic } = chosen;
      clues = { status, replyCode, action, words: diagnostic || words, delayedHint };
    }
  }
  if (!clues) {
    if (!report && !looksLikeBounce(email, words)) return null;
    const replyCode = replyCodePattern.exec(words)?.[1] ?? null;
    clues = { status: firstFailureCode(words), replyCode, action: null, words, delayedHint };
  }
  return {
    kind: "bounce",
    ...bounceReason(clues),
    deliveryId: deliveryIdOf(recipientsOf(email), ours),
    originalMessageIds: returnedMessageIds(email, raw, text),
  };
}
