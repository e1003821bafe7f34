/**
 * The registry's side of the mailbox (issue 46): one message read (read-inbound.ts) matched
 * against the store and recorded with its effects in ONE transaction, so a message is either
 * recorded with all it did or not at all, and a message read again (after a kill, or by a second
 * server at once) finds its SHA-256 recorded and does nothing more.
 * - A bounce finds its delivery by the VERP address it came back to, else by the Message-ID it
 *   returns; a permanent one marks it «не доставлено» (a line in its appeal's history), a
 *   temporary one is noted. One that matches nothing waits for a registrar with the message.
 * - An auto-reply is counted and nothing else: no sender, subject or text kept.
 * - A person's message quoting a Message-ID of a mail to an appeal's author, or naming an
 *   appeal's number from that appeal's own address, becomes a follow-up (follow-up.ts); any
 *   other waits for a registrar («Письма без обращения») with the message.
 * - One that cannot be read waits with its reason (and itself, unless it is over the size cap).
 * Nothing is logged here: addresses, subjects and texts are personal data.
 */
import { createHash } from "node:crypto";
import { siteActor } from "../../../domain/appeals/acknowledgement-cap.ts";
import { rememberIfFull } from "../../appeals/store-appeal.ts";
import { appealEntry } from "../../db/audit-repository.ts";
import type { SqlExecutor } from "../../db/database.ts";
import type { InboundRecord } from "../../db/inbound-repository.ts";
import { citizenMailKinds } from "../send-composed.ts";
import {
  type MailRegistrationData,
  readLetter,
  type StoredMailAppeal,
  storeMailAppeal,
} from "./follow-up.ts";
import type {
  InboundLimits,
  InboundOutcome,
  InboundVerdict,
  ParsedInbound,
  ProcessInbound,
} from "./inbound-types.ts";
import { readInbound } from "./read-inbound.ts";

export type ProcessInboundDeps = {
  data: MailRegistrationData;
  limits: InboundLimits;
  /** MAIL_RETURN_PATH: a bounce to `<local>+<delivery id>@<domain>` names its delivery. */
  returnPath?: string | undefined;
  /** Told after a follow-up is committed (the delivery sender mails its notification at once). */
  onStored?: () => void;
};

/** The Message-IDs of a reply looked up at most: a hostile References header is read no further. */
const quotedLooked = 50;

/** How the history names a mail to the author that came back. */
const mailNames: Record<string, string> = {
  "appeal-acknowledgement": "подтверждение получения",
  "appeal-notice": "уведомление",
  "appeal-answer": "ответ",
};

type Bounce = Extract<InboundVerdict, { kind: "bounce" }>;
type Base = Pick<InboundRecord, "sha256" | "readAt" | "byteSize">;
type Data = ProcessInboundDeps["data"];

export function createProcessInbound(deps: ProcessInboundDeps): ProcessInbound {
  const { data, limits } = deps;
  const at = deps.returnPath?.lastIndexOf("@") ?? -1;
  const ours = {
    returnPathLocal: deps.returnPath && at > 0 ? deps.returnPath.slice(0, at) : null,
    domain: deps.returnPath && at > 0 ? deps.returnPath.slice(at + 1) : "",
  };

  return async (raw, readAt) => {
    // Parsed, and files judged, before the transaction: no store is held while that runs.
    const verdict = await readInbound(raw, limits, ours);
    const letter = verdict.kind === "mail" ? await readLetter(verdict.parsed) : undefined;
    const base: Base = {
      sha256: createHash("sha256").update(raw).digest("hex"),
      readAt,
      byteSize: raw.length,
    };
    let followUp: StoredMailAppeal | undefined;
    const outcome = await data.transaction(async (tx): Promise<InboundOutcome> => {
      const recorded = (entry: Omit<InboundRecord, keyof Base>) =>
        data.inbound.record({ ...base, ...entry }, tx);
      switch (verdict.kind) {
        case "auto-reply":
          return (await recorded({ kind: "auto-reply", state: "done" }))
            ? "auto-reply"
            : "already-read";
        case "unreadable": {
          // Over the size cap the message itself is not kept: it stays in the mailbox's folder.
          const kept = raw.length <= limits.maxMessageBytes ? raw : null;
          const entry = {
            kind: "unreadable",
            state: "waiting",
            reason: verdict.reason,
            raw: kept,
          } as const;
          return (await recorded(entry)) ? "unreadable" : "already-read";
        }
        case "bounce":
          return bounced(data, verdict, base, raw, tx);
        case "mail": {
          const first = await firstAppealOf(data, verdict.parsed, verdict.registrationNumbers, tx);
          const { parsed } = verdict;
          if (!first || !letter) {
            const waiting = {
              kind: "unmatched",
              state: "waiting",
              from: parsed.from?.address ?? null,
              subject: parsed.subject,
              sentAt: parsed.sentAt,
              raw,
            } as const;
            return (await recorded(waiting)) ? "waiting" : "already-read";
          }
          const reply = { kind: "reply", state: "done", appealNumber: first.number } as const;
          if (!(await recorded(reply))) return "already-read";
          followUp = await storeMailAppeal(
            data,
            {
              author: {
                first_name: first.first_name,
                last_name: first.last_name,
                email: first.email,
                phone: first.phone,
                phone_normalized: first.phone_normalized,
                region: first.region,
              },
              consent: { at: new Date(first.consent_at), textVersion: first.consent_text_version },
              followUpOf: first.number,
              letter,
              at: readAt,
            },
            tx,
          );
          await data.inbound.noteFollowUp(base.sha256, followUp.number, tx);
          await data.audit.record(
            appealEntry(readAt, siteActor, first.id, "follow-up-received", {
              details: `повторное обращение ${followUp.number}`,
            }),
            tx,
          );
          return "follow-up";
        }
      }
    });
    if (followUp) {
      rememberIfFull(data.acknowledgementCounts, followUp.intake, followUp);
      deps.onStored?.();
    }
    return outcome;
  };
}

/**
 * A bounce: its delivery marked (permanent: «не доставлено», with a line in its appeal's history
 * when it is a mail to the author and was not marked so before); matching none, it waits.
 */
async function bounced(
  data: Data,
  bounce: Bounce,
  base: Base,
  raw: Buffer,
  tx: SqlExecutor,
): Promise<InboundOutcome> {
  const byVerp = bounce.deliveryId ? await data.inbound.delivery(bounce.deliveryId, tx) : undefined;
  const delivery =
    byVerp ?? (await data.inbound.deliveryByMessageId(bounce.originalMessageIds, undefined, tx));
  if (!delivery) {
    const entry = { kind: "bounce", state: "waiting", reason: bounce.reason, raw } as const;
    return (await data.inbound.record({ ...base, ...entry }, tx)) ? "waiting" : "already-read";
  }
  const appeal = delivery.appealId ? await data.inbound.appealOf(delivery.id, tx) : undefined;
  const entry = {
    kind: "bounce",
    state: "done",
    deliveryId: delivery.id,
    appealNumber: appeal?.number ?? null,
    reason: bounce.reason,
  } as const;
  if (!(await data.inbound.record({ ...base, ...entry }, tx))) return "already-read";
  const { permanent, status, reason } = bounce;
  await data.inbound.markBounced(delivery.id, { permanent, status, reason, at: base.readAt }, tx);
  const what = mailNames[delivery.kind];
  if (permanent && delivery.bounce !== "permanent" && appeal && what) {
    await data.audit.record(
      appealEntry(base.readAt, siteActor, appeal.id, "mail-bounced", {
        details: `письмо не доставлено: ${reason} (${what})`,
      }),
      tx,
    );
  }
  return permanent ? "bounce" : "transient-bounce";
}

/**
 * The appeal a person's message continues: the one whose author got a mail it quotes (In-Reply-To,
 * References), else one its subject names whose e-mail is the sender's own.
 */
async function firstAppealOf(
  data: Data,
  parsed: ParsedInbound,
  numbers: readonly string[],
  tx: SqlExecutor,
) {
  const quoted = parsed.quotedMessageIds.slice(0, quotedLooked);
  const mail = await data.inbound.deliveryByMessageId(quoted, citizenMailKinds, tx);
  const replied = mail ? await data.inbound.appealOf(mail.id, tx) : undefined;
  if (replied) return replied;
  const sender = parsed.from?.address;
  if (!sender) return undefined;
  for (const number of numbers) {
    const appeal = await data.appeals.findByNumberAndEmail(number, sender, tx);
    if (appeal) return appeal;
  }
  return undefined;
}
