/**
 * The addresses a message was delivered to, and the delivery a bounce names by them (issue 46):
 * every mail leaves with a return path naming its delivery (VERP, `bounces+<id>@domain`), and
 * a bounce goes back to that path, which the receiving server writes into Delivered-To,
 * X-Original-To or Envelope-To, and usually To. The bounce's own Return-Path is empty (`<>`).
 */
import { addressParser, type Email } from "postal-mime";

/** Headers naming where a message was delivered, as mail servers write them. */
const recipientHeaders = new Set([
  "to",
  "cc",
  "delivered-to",
  "x-original-to",
  "envelope-to",
  "x-envelope-to",
]);

/** More than any real message names; a hostile header list is read no further. */
const addressesKept = 200;

/** Each address once, lower case, in the order the headers name them. */
export function recipientsOf(email: Email): string[] {
  const found = new Set<string>();
  for (const header of email.headers) {
    if (!recipientHeaders.has(header.key) || found.size >= addressesKept) continue;
    for (const mailbox of addressParser(header.value, { flatten: true })) {
      const address = mailbox.address?.trim().toLowerCase();
      if (address?.includes("@") && found.size < addressesKept) found.add(address);
    }
  }
  return [...found];
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The delivery id of a VERP address among `recipients`; null when none is ours. */
export function deliveryIdOf(
  recipients: string[],
  ours: { returnPathLocal: string | null; domain: string },
): string | null {
  if (!ours.returnPathLocal) return null;
  const verp = new RegExp(
    `^${escaped(ours.returnPathLocal)}\\+([a-z0-9_-]{1,64})@${escaped(ours.domain)}$`,
    "i",
  );
  for (const recipient of recipients) {
    const id = verp.exec(recipient)?.[1];
    if (id) return id;
  }
  return null;
}
