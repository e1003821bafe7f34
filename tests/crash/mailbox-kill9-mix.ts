// For the mailbox's kill -9 test and its benchmark (bench/mailbox-read.ts): appeals whose
// acknowledgement went out (its Message-ID recorded, as the outbox records it), and a mailbox's
// worth of messages about them, mixed as a real one is: citizens' replies to the
// acknowledgements (some with a PDF), Postfix's DSNs to the acknowledgements' VERP addresses,
// out-of-office replies, and messages no appeal matches. Each message is unique (its own
// Message-ID and text), so each must be recorded once.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import MailComposer from "nodemailer/lib/mail-composer";
import { storeAppeal } from "../../server/appeals/store-appeal.ts";
import type { DataLayer } from "../../server/db/data-layer.ts";
import { samplePdf } from "../support/appeal-files.ts";
import { sampleNewAppeal } from "../support/test-appeal.ts";

const mixDomain = "agrochem.example";
export const mixReturnPath = `bounces@${mixDomain}`;

export type SeededAppeal = {
  id: string;
  number: string;
  email: string;
  /** The acknowledgement's delivery id and the Message-ID it left with. */
  deliveryId: string;
  messageId: string;
};

export type MixKind = "reply" | "bounce" | "auto-reply" | "unmatched";
export type MixMessage = { kind: MixKind; raw: Buffer };

/** `count` appeals, each acknowledged: its acknowledgement marked sent with its Message-ID. */
export async function seedAcknowledgedAppeals(
  data: DataLayer,
  count: number,
): Promise<SeededAppeal[]> {
  const seeded: SeededAppeal[] = [];
  const at = new Date(Date.now() - 3_600_000);
  for (let index = 0; index < count; index += 1) {
    const email = `citizen${index}@example.ru`;
    const appeal = await storeAppeal(
      data,
      sampleNewAppeal(at.toISOString(), { email, last_name: `Петров-${index}` }),
    );
    const messageId = `<acknowledgement-${appeal.id}@${mixDomain}>`;
    const [row] = await data.transaction(async (tx) => {
      const rows = await tx.all(
        "SELECT id FROM deliveries WHERE appeal_id = ? AND kind = 'appeal-acknowledgement'",
        [appeal.id],
      );
      await tx.run(
        "UPDATE deliveries SET state = 'sent', sent_at = ?, message_id = ? WHERE appeal_id = ?",
        [at.toISOString(), messageId, appeal.id],
      );
      return rows;
    });
    if (!row) throw new Error("the appeal was stored without its acknowledgement");
    seeded.push({
      id: appeal.id,
      number: appeal.number,
      email,
      deliveryId: String(row.id),
      messageId,
    });
  }
  return seeded;
}

const dsnFixture = readFileSync(
  join(import.meta.dirname, "../../server/mail/inbound/fixtures/postfix-dsn-user-unknown.eml"),
  "utf8",
);

const compose = (options: ConstructorParameters<typeof MailComposer>[0]) =>
  new MailComposer({ date: new Date("2026-07-14T07:00:00Z"), ...options }).compile().build();

/**
 * `count` messages in turn: a reply, a bounce, an auto-reply, an unmatched one. Replies and
 * bounces go to the appeals in turn, each appeal at most one of each (so `appeals` must hold
 * a quarter of `count`, rounded up).
 */
export async function mailboxMix(appeals: readonly SeededAppeal[], count: number) {
  const messages: MixMessage[] = [];
  for (let index = 0; index < count; index += 1) {
    const appeal = appeals[Math.floor(index / 4)];
    if (!appeal) throw new Error(`${count} messages need ${Math.ceil(count / 4)} appeals`);
    const kind = (["reply", "bounce", "auto-reply", "unmatched"] as const)[index % 4] ?? "reply";
    const messageId = `<mix-${index}@mail.example.ru>`;
    const to = `priemnaya@${mixDomain}`;
    if (kind === "reply") {
      messages.push({
        kind,
        raw: await compose({
          from: `Гражданин ${index} <${appeal.email}>`,
          to,
          subject: `Re: Обращение ${appeal.number} зарегистрировано`,
          messageId,
          inReplyTo: appeal.messageId,
          references: [appeal.messageId],
          text: `Добрый день! Дополняю своё обращение (письмо ${index}): прошу учесть документы.`,
          ...(index % 40 === 0
            ? { attachments: [{ filename: "Справка.pdf", content: samplePdf }] }
            : {}),
        }),
      });
    } else if (kind === "bounce") {
      const text = dsnFixture
        .replaceAll("bounces+42@example.ru", `bounces+${appeal.deliveryId}@${mixDomain}`)
        .replace(/Message-Id: <[^>]+>/, `Message-Id: ${messageId}`)
        .replace(/<answer-[^>]+>/g, appeal.messageId)
        // As mail travels (the fixture is kept with Unix line ends).
        .replace(/\r?\n/g, "\r\n");
      messages.push({ kind, raw: Buffer.from(text) });
    } else if (kind === "auto-reply") {
      messages.push({
        kind,
        raw: await compose({
          from: `Орлов Николай <orlov${index}@org.example>`,
          to,
          subject: "Автоматический ответ: Нахожусь в отпуске",
          messageId,
          headers: { "Auto-Submitted": "auto-replied" },
          text: `Я в отпуске до 3 августа (${index}). По срочным вопросам пишите коллегам.`,
        }),
      });
    } else {
      messages.push({
        kind,
        raw: await compose({
          from: `Незнакомец ${index} <stranger${index}@example.org>`,
          to,
          subject: `Вопрос об агрохимическом обследовании ${index}`,
          messageId,
          text: `Здравствуйте! Когда будет обследование полей в моём районе? (${index})`,
        }),
      });
    }
  }
  return messages;
}

/** How many of each kind `messages` holds. */
export function kindsOf(messages: readonly MixMessage[]): Record<MixKind, number> {
  const counts: Record<MixKind, number> = { reply: 0, bounce: 0, "auto-reply": 0, unmatched: 0 };
  for (const message of messages) counts[message.kind] += 1;
  return counts;
}
