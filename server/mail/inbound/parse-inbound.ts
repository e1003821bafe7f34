/**
 * One raw message parsed under limits (issue 46), with postal-mime: nesting and the headers'
 * total size bounded by the parser, the size of the whole checked before (read-inbound.ts). What
 * it cannot read becomes a reason in Russian that quotes nothing of the message. Then the message
 * as the registry takes it (ParsedInbound): plain text, addresses, files as bytes.
 */
import PostalMime, { type Attachment, type Email } from "postal-mime";
import { htmlToText } from "./html-text.ts";
import { recipientsOf } from "./inbound-addresses.ts";
import type { InboundFile, InboundLimits, ParsedInbound } from "./inbound-types.ts";

/** All the headers of all the parts together: far above any real message's, bounding a hostile one. */
const maxHeadersBytes = 1024 * 1024;
/** A message forwarded inside a message is read; deeper ones stay files. */
const maxRfc822NestingDepth = 2;

export type Parsed = { email: Email } | { unreadable: string };

export async function parseMessage(raw: Buffer, limits: InboundLimits): Promise<Parsed> {
  let email: Email;
  try {
    email = await PostalMime.parse(raw, {
      maxNestingDepth: limits.maxNestingDepth,
      maxHeadersSize: maxHeadersBytes,
      maxRfc822NestingDepth,
    });
  } catch (error) {
    // The parser's messages are English and may grow to quote input: only its kind is told.
    const message = error instanceof Error ? error.message : "";
    if (/nesting depth/i.test(message))
      return {
        unreadable: `не удалось разобрать письмо: части вложены глубже ${limits.maxNestingDepth} уровней`,
      };
    if (/header size/i.test(message))
      return {
        unreadable: `не удалось разобрать письмо: заголовки больше ${maxHeadersBytes / 1024} КБ`,
      };
    return { unreadable: "не удалось разобрать письмо: неверная структура MIME" };
  }
  if (email.headers.length === 0)
    return { unreadable: "не удалось разобрать письмо: нет заголовков" };
  if (!partsFound(email, raw))
    return { unreadable: "не удалось разобрать письмо: части письма не найдены" };
  return { email };
}

/** A multipart message must name its boundary and use it: else its parts are lost, not empty. */
function partsFound(email: Email, raw: Buffer): boolean {
  const contentType = email.headers.find((header) => header.key === "content-type")?.value ?? "";
  if (!/^\s*multipart\//i.test(contentType)) return true;
  const boundary = /boundary\s*=\s*(?:"([^"]+)"|([^\s;]+))/i.exec(contentType);
  const value = boundary?.[1] ?? boundary?.[2];
  return value !== undefined && raw.includes(`--${value}`, 0, "latin1");
}

export function bytesOf(content: Attachment["content"]): Buffer {
  if (typeof content === "string") return Buffer.from(content, "utf8");
  if (content instanceof ArrayBuffer) return Buffer.from(content);
  return Buffer.from(content.buffer, content.byteOffset, content.byteLength);
}

export function stripAngles(id: string): string {
  return id.trim().replace(/^<|>$/g, "").trim();
}

/** Text a store keeps and a page shows: no NUL or other control characters, lines ending in \n. */
function clean(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(/[^\P{Cc}\n\t]/gu, "");
}

function messageIds(value: string | undefined): string[] {
  if (!value) return [];
  const bracketed = [...value.matchAll(/<([^<>\s]{1,250})>/g)].map(([, id = ""]) => id);
  return bracketed.length
    ? bracketed
    : value.split(/\s+/).filter((id) => /^\S{1,250}@\S+$/.test(id));
}

/** A file's name as shown: its base name, without control characters; a made-up one if none. */
function fileName(attachment: Attachment, index: number): string {
  const name = clean(attachment.filename ?? "")
    .replace(/\n/g, " ")
    .split(/[/\\]/)
    .pop()
    ?.trim()
    .slice(0, 200);
  return name || `вложение-${index + 1}`;
}

function sentAt(date: string | undefined): string | null {
  if (!date || !/^\d{4}-\d\d-\d\dT/.test(date)) return null;
  return Number.isNaN(Date.parse(date)) ? null : date;
}

/** The text a person wrote: text/plain when the message has it, else its HTML reduced. */
export function plainText(email: Email): string {
  // Some programs send an empty text/plain beside the HTML that holds the message.
  if (email.text?.trim() || !email.html) return clean(email.text ?? "").trimEnd();
  return clean(htmlToText(email.html));
}

/** `text`: plainText(email), already made for the bounce and auto-reply checks. */
export function toParsedInbound(email: Email, limits: InboundLimits, text: string): ParsedInbound {
  const from = email.from?.address ? email.from : undefined;
  // A long thread's References: its first (the thread's root, often our mail) and its newest.
  const references = messageIds(email.references);
  const kept =
    references.length > 48 ? [...references.slice(0, 24), ...references.slice(-24)] : references;
  const quoted = [...messageIds(email.inReplyTo), ...kept].map(clean);
  const files: InboundFile[] = email.attachments.map((attachment, index) => ({
    fileName: fileName(attachment, index),
    mediaType: attachment.mimeType.toLowerCase(),
    content: bytesOf(attachment.content),
  }));
  return {
    messageId: clean(stripAngles(email.messageId ?? "")) || null,
    quotedMessageIds: [...new Set(quoted)].slice(0, 50),
    from: from
      ? { address: clean(from.address).trim().toLowerCase(), name: clean(from.name).trim() }
      : null,
    recipients: recipientsOf(email).map(clean),
    subject: clean(email.subject ?? "")
      .replace(/\n/g, " ")
      .trim(),
    sentAt: sentAt(email.date),
    text,
    attachments: files.slice(0, limits.maxAttachments),
    attachmentsOverLimit: files.slice(limits.maxAttachments).map((file) => file.fileName),
  };
}
