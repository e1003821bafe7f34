/**
 * An appeal that came by mail (issue 46): a citizen's reply to one of our mails, registered as a
 * follow-up of the first appeal («Повторное обращение к А-…»). Stored by the form's own intake
 * (server/db/appeal-intake.ts: the handlers' notification, the acknowledgement within the day's
 * cap, the files) in the caller's transaction, so the message's record and the appeal are one.
 * Its text is the message's; its files pass the form's rules, and those refused are listed in its
 * history.
 */
import { siteActor } from "../../../domain/appeals/acknowledgement-cap.ts";
import { validateAppeal } from "../../../domain/appeals/appeal-schema.ts";
import { appealIntakeOf } from "../../appeals/store-appeal.ts";
import { type StoredIntake, storeIntakeIn } from "../../db/appeal-intake.ts";
import type { NewAppeal } from "../../db/appeals-repository.ts";
import type { NewAttachment } from "../../db/attachments-repository.ts";
import { appealEntry } from "../../db/audit-repository.ts";
import type { DataLayer } from "../../db/data-layer.ts";
import type { SqlExecutor } from "../../db/database.ts";
import { judgeInboundFiles, type RefusedFile, refusedFilesLine } from "./follow-up-files.ts";
import type { ParsedInbound } from "./inbound-types.ts";

/** What an appeal by mail records where the form records the sender's IP address. */
const mailClientIp = "электронная почта";

/** The file that keeps a text too long for the appeal's field, whole. */
export const letterFileName = "письмо.txt";

/** The message's text and files as an appeal keeps them; read before the transaction. */
export type MailLetter = { comment: string; files: NewAttachment[]; refused: RefusedFile[] };

export type MailAppealAuthor = Pick<
  NewAppeal,
  "first_name" | "last_name" | "email" | "phone" | "phone_normalized" | "region"
>;

/** What registering a message read from the mailbox writes to, in one transaction. */
export type MailRegistrationData = Pick<
  DataLayer,
  | "transaction"
  | "inbound"
  | "appeals"
  | "deliveries"
  | "acknowledgementCounts"
  | "attachments"
  | "audit"
>;

export type StoredMailAppeal = StoredIntake & { intake: ReturnType<typeof appealIntakeOf> };

// Line breaks and tabs stay; other control characters (NUL among them, which PostgreSQL refuses)
// and lone surrogates go, as the form refuses them.
const controlCharacters = /[^\P{Cc}\t\n\r]|\p{Cs}/gu;

/** A valid appeal but its comment: the form's schema then judges the comment alone. */
const sampleAuthor = {
  first_name: "Иван",
  last_name: "Иванов",
  email: "ivanov@example.ru",
  phone: "+79123456789",
  region: "",
  consent: true,
} as const;

/**
 * The message's text as the appeal's comment, when the form's schema takes it; a longer one is
 * kept whole as «письмо.txt» instead of cut, the comment saying so.
 */
function commentOf(text: string): { comment: string; letter?: NewAttachment } {
  const clean = text.replace(controlCharacters, "").normalize("NFC").trim();
  if (clean === "") return { comment: "(письмо без текста)" };
  const judged = validateAppeal({ ...sampleAuthor, comment: clean });
  if (judged.ok) return { comment: judged.value.comment };
  return {
    comment: `Текст письма длиннее, чем вмещает поле обращения: он целиком в приложенном файле «${letterFileName}».`,
    letter: { fileName: letterFileName, mediaType: "text/plain", content: Buffer.from(clean) },
  };
}

/** The message's text and its files judged by the form's rules (outside the transaction). */
export async function readLetter(parsed: ParsedInbound): Promise<MailLetter> {
  const { comment, letter } = commentOf(parsed.text);
  const { accepted, refused } = await judgeInboundFiles(parsed.attachments);
  return { comment, files: letter ? [letter, ...accepted] : accepted, refused };
}

/**
 * Stores an appeal that came by mail in `tx`: `followUpOf` the number of the appeal it continues
 * (its history says so), the consent facts those of the appeal it rests on, marked as by mail.
 */
export async function storeMailAppeal(
  data: Pick<
    DataLayer,
    "appeals" | "deliveries" | "acknowledgementCounts" | "attachments" | "audit"
  >,
  input: {
    author: MailAppealAuthor;
    consent: { at: Date; textVersion: string };
    followUpOf: string | null;
    letter: MailLetter;
    at: Date;
  },
  tx: SqlExecutor,
): Promise<StoredMailAppeal> {
  const { author, letter, followUpOf, at } = input;
  const appeal: NewAppeal = {
    ...author,
    comment: letter.comment,
    consent: true,
    consent_at: input.consent.at,
    consent_text_version: `${input.consent.textVersion}; обращение письмом`,
    client_ip: mailClientIp,
    user_agent: null,
    created_at: at,
    channel: "mail",
    ...(followUpOf ? { follow_up_of: followUpOf } : {}),
  };
  const intake = appealIntakeOf(data.acknowledgementCounts, appeal, letter.files);
  const stored = await storeIntakeIn(data, intake, tx);
  const line = (action: string, details: string) =>
    data.audit.record(appealEntry(at, siteActor, stored.id, action, { details }), tx);
  if (followUpOf) {
    await line("follow-up-of", `Повторное обращение к ${followUpOf}: поступило письмом`);
  }
  if (letter.refused.length > 0) await line("files-refused", refusedFilesLine(letter.refused));
  return { ...stored, intake };
}
