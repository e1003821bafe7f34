/**
 * A message read from the organisation's mailbox (issue 46), as the parts of the reader hand it on:
 *
 *   mailbox-reader.ts  (IMAP: fetch, then move to «Обработано»)
 *     → read-inbound.ts  (MIME parse under limits, then what the message is: `InboundVerdict`)
 *     → process-inbound.ts  (matched against the store; one transaction records it and its
 *                            effects: a bounce marked, a follow-up registered, a message waiting)
 *
 * Nothing here is logged: a message's addresses, subject and text are personal data.
 */

/** A file attached to a message, its bytes as received (judged by content when kept). */
export type InboundFile = { fileName: string; mediaType: string; content: Buffer };

/** A message parsed: what matching and registering need, the text already plain. */
export type ParsedInbound = {
  /** Without angle brackets; null when the message has none. */
  messageId: string | null;
  /** Message-IDs it answers (In-Reply-To, then References), without angle brackets. */
  quotedMessageIds: string[];
  from: { address: string; name: string } | null;
  /** Every address it was delivered to: To, Cc, Delivered-To, X-Original-To (lower case). */
  recipients: string[];
  subject: string;
  /** Its Date header as ISO 8601, or null. */
  sentAt: string | null;
  /** The text: text/plain, or HTML reduced to text (no remote content is ever loaded). */
  text: string;
  attachments: InboundFile[];
  /** Names of the files beyond `maxAttachments`: not kept, listed as refused. */
  attachmentsOverLimit: string[];
};

/** What a message is, before the store is asked. */
export type InboundVerdict =
  /**
   * A delivery status notification (RFC 3464) or a common non-standard bounce. `deliveryId` from
   * the VERP return address it came back to (`bounces+<id>@…`), `originalMessageIds` from the
   * returned headers; `reason` in Russian words («нет такого адреса», «ящик переполнен», «домен
   * не существует», …); `status` the enhanced status code ('5.1.1') when given.
   */
  | {
      kind: "bounce";
      permanent: boolean;
      status: string | null;
      reason: string;
      deliveryId: string | null;
      originalMessageIds: string[];
    }
  /** RFC 3834 Auto-Submitted other than 'no', X-Autoreply, Precedence bulk/auto_reply/junk/list, an out-of-office subject. */
  | { kind: "auto-reply" }
  /** A person's message: a reply to one of ours when it quotes a recorded Message-ID, or names an appeal's number from its author's address; else it waits for a registrar. */
  | { kind: "mail"; parsed: ParsedInbound; registrationNumbers: string[] }
  /** Could not be read (too large, nested too deep, broken MIME): set aside with the reason. */
  | { kind: "unreadable"; reason: string };

/** The limits a hostile message meets. */
export type InboundLimits = {
  /** The whole message, bytes: larger is not parsed (it waits, unreadable, for a registrar). */
  maxMessageBytes: number;
  /** MIME parts nested deeper than this make it unreadable. */
  maxNestingDepth: number;
  /** Attachments kept per message; the rest are listed as refused. */
  maxAttachments: number;
};

/** What processing one message did: for the reader's count and its benchmark, never a log of content. */
export type InboundOutcome =
  | "bounce"
  | "transient-bounce"
  | "follow-up"
  | "auto-reply"
  | "waiting"
  | "unreadable"
  /** Read before (its SHA-256 is recorded): nothing done again; the reader only moves it. */
  | "already-read";

/** The one door from the reader into the registry: records the message and its effects in one transaction. */
export type ProcessInbound = (raw: Buffer, readAt: Date) => Promise<InboundOutcome>;
