import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { organisation } from "../../content/organisation.ts";
import { appealTerms, registrationDue } from "../../domain/appeals/legal-terms.ts";
import { formatRussianDate } from "../../domain/calendar/calendar-day.ts";
import { formatKirovDateTime } from "../../domain/time/kirov-time.ts";
import type { AppealMail } from "./appeal-mail.ts";

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
): AppealMail {
  const receivedAt = new Date(appeal.created_at);
  const subject = `Обращение № ${appeal.number} получено`;
  const statusUrl = statusPageUrl(siteUrl, appeal.number);
  const paragraphs = [
    `Ваше обращение получено ${formatKirovDateTime(receivedAt)} по кировскому времени и ему присвоен номер ${appeal.number}.`,
    `Что дальше: обращение будет зарегистрировано в течение ${appealTerms.registrationDays} дней со дня поступления (не позднее ${formatRussianDate(registrationDue(receivedAt))}), ответ будет дан в течение ${appealTerms.answerDays} дней со дня регистрации и придёт на этот адрес электронной почты (Федеральный закон от 02.05.2006 № 59-ФЗ).`,
    "Состояние обращения можно узнать по номеру и адресу электронной почты на странице:",
  ];
  const contacts = [
    organisation.fullName,
    organisation.address,
    `Телефон: ${organisation.phone.display}`,
    `Электронная почта: ${organisation.email}`,
  ];
  const ignoreNote =
    "Если вы не отправляли это обращение, ничего делать не нужно: адрес мог быть указан по ошибке.";

  const text = [
    ...paragraphs.slice(0, 2).flatMap((paragraph) => [paragraph, ""]),
    paragraphs[2],
    statusUrl,
    "",
    ignoreNote,
    "",
    "—",
    ...contacts,
    "",
  ].join("\n");

  const html = `<!DOCTYPE html>${renderToStaticMarkup(
    h(
      "html",
      { lang: "ru" },
      h("head", null, h("meta", { charSet: "utf-8" }), h("title", null, subject)),
      h(
        "body",
        null,
        h("p", null, paragraphs[0]),
        h("p", null, paragraphs[1]),
        h("p", null, paragraphs[2], " ", h("a", { href: statusUrl }, statusUrl)),
        h("p", null, ignoreNote),
        h(
          "p",
          null,
          ...contacts.flatMap((line, index) =>
            index ? [h("br", { key: `br-${line}` }), line] : [line],
          ),
        ),
      ),
    ),
  )}`;
  return { subject, text, html };
}
