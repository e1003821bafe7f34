/**
 * One raw message from the organisation's mailbox read into what it is (issue 46): a bounce, an
 * auto-reply, a person's message, or one that cannot be read. Pure: no store, no network, nothing
 * logged; a hostile message becomes `unreadable` with its reason, never a throw.
 */
import { isAutoReply } from "./auto-reply.ts";
import { readBounce } from "./bounce-report.ts";
import type { InboundLimits, InboundVerdict } from "./inbound-types.ts";
import { parseMessage, plainText, toParsedInbound } from "./parse-inbound.ts";
import { registrationNumbersIn } from "./subject-numbers.ts";

/** «25 МБ», «1,5 МБ», «0,5 МБ»: the limit as staff read it. */
function megabytes(bytes: number): string {
  const value = bytes / (1024 * 1024);
  const digits = value >= 10 ? 0 : value >= 0.1 ? 1 : 3;
  return `${value.toLocaleString("ru-RU", { maximumFractionDigits: digits })} МБ`;
}

export async function readInbound(
  raw: Buffer,
  limits: InboundLimits,
  ours: { returnPathLocal: string | null; domain: string },
): Promise<InboundVerdict> {
  if (raw.length > limits.maxMessageBytes)
    return { kind: "unreadable", reason: `письмо больше ${megabytes(limits.maxMessageBytes)}` };
  try {
    const parsed = await parseMessage(raw, limits);
    if ("unreadable" in parsed) return { kind: "unreadable", reason: parsed.unreadable };
    const { email } = parsed;
    const text = plainText(email);
    // Before auto-replies: a delivery report carries Auto-Submitted too.
    const bounce = readBounce(email, raw, text, ours);
    if (bounce === "delivered") return { kind: "auto-reply" };
    if (bounce) return bounce;
    if (isAutoReply(email, text)) return { kind: "auto-reply" };
    const message = toParsedInbound(email, limits, text);
    return {
      kind: "mail",
      parsed: message,
      registrationNumbers: registrationNumbersIn(message.subject),
    };
  } catch {
    // A fault of ours or the parser's on a message nobody foresaw: it waits with its reason.
    return { kind: "unreadable", reason: "не удалось разобрать письмо: ошибка при чтении" };
  }
}
