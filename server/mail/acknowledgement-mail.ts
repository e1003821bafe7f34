import { createElement as h } from "react";
import { appealTerms, registrationDue } from "../../domain/appeals/legal-terms.ts";
import { formatRussianDate } from "../../domain/calendar/calendar-day.ts";
import { formatKirovDateTime } from "../../domain/time/kirov-time.ts";
import type { AppealMail } from "./appeal-mail.ts";
import { citizenMailHtml, citizenMailText, type MailContacts } from "./citizen-mail-layout.ts";

/** Where a citizen checks an appeal's state, with its number filled in. */
export function statusPageUrl(siteUrl: string, number: string): string {
  const url = new URL("/appeals/status", siteUrl);
  url.searchParams.set("number", number);
  return url.toString();
}

/**
 * The citizen's acknowledgement: the number, when the appeal was received (Kirov time), what
 * happens next and by when, where to check its state, and how to reach the organisation. It
 * repeats nothing the sender typed (not the text, not the name): anyone can type anyone's
 * address into the form, and this mail must not carry chosen words to a stranger.
 */
export function composeAcknowledgementMail(
  appeal: { number: string; created_at: string },
  siteUrl: string,
  /** How many files came with it (decision 0045): their count only, never their names. */
  fileCount: number,
  /** The contacts shown now, the mail's signature. */
  contacts: MailContacts,
): AppealMail {
  const receivedAt = new Date(appeal.created_at);
  const subject = `Обращение № ${appeal.number} получено`;
  const statusUrl = statusPageUrl(siteUrl, appeal.number);
  const filesWords = fileCount > 0 ? ` Вместе с ним получено файлов: ${fileCount}.` : "";
  const paragraphs = [
    `Ваше обращение получено ${formatKirovDateTime(receivedAt)} по кировскому времени и ему присвоен номер ${appeal.number}.${filesWords}`,
    `Что дальше: обращение будет зарегистрировано в течение ${appealTerms.registrationDays} дней со дня поступления (не позднее ${formatRussianDate(registrationDue(receivedAt))}), ответ будет дан в течение ${appealTerms.answerDays} дней со дня регистрации и придёт на этот адрес электронной почты (Федеральный закон от 02.05.2006 № 59-ФЗ).`,
    "Состояние обращения можно узнать по номеру и адресу электронной почты на странице:",
  ];
  const ignoreNote =
    "Если вы не отправляли это обращение, ничего делать не нужно: адрес мог быть указан по ошибке.";
  const text = citizenMailText(
    [paragraphs[0] ?? "", paragraphs[1] ?? "", `${paragraphs[2]}\n${statusUrl}`, ignoreNote],
    contacts,
  );
  const html = citizenMailHtml(
    subject,
    [
      paragraphs[0],
      paragraphs[1],
      [paragraphs[2], " ", h("a", { key: "link", href: statusUrl }, statusUrl)],
      ignoreNote,
    ],
    contacts,
  );
  return { subject, text, html };
}
