import { createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import {
  answerDue,
  appealTermWords,
  forwardDue,
  noticeDue,
  registrationDue,
} from "../../domain/appeals/legal-terms.ts";
import { visibleText } from "../../domain/appeals/visible-text.ts";
import { fileSizeWords } from "../../domain/attachments/file-types.ts";
import { formatRussianDate } from "../../domain/calendar/calendar-day.ts";
import { formatKirovDateTime, kirovIsoDate } from "../../domain/time/kirov-time.ts";
import type { StoredAppeal } from "../db/appeals-repository.ts";

export type AppealMail = { subject: string; text: string; html: string };

/**
 * The files the citizen attached (decision 0045) and the appeal's page in the registry: the mail
 * names them and links there, never carries them (a file from the Internet stays behind the
 * staff sign-in, its download under the safe headers).
 */
export type AttachedFiles = {
  files: ReadonlyArray<{ fileName: string; byteSize: number }>;
  appealPage: string;
};

/**
 * The handlers' mail about one appeal: every field, the region, the time of receipt in Kirov time
 * and the legal deadlines, as plain text and as HTML. The HTML is rendered by React, which escapes
 * every value: a citizen's `<script>` stays text.
 */
export function composeAppealMail(appeal: StoredAppeal, attached?: AttachedFiles): AppealMail {
  const receivedAt = new Date(appeal.created_at);
  const receivedDay = kirovIsoDate(receivedAt);
  const received = `${formatKirovDateTime(receivedAt)} по кировскому времени`;
  const deadlines = [
    `Зарегистрировать — не позднее ${formatRussianDate(registrationDue(receivedAt))} (${appealTermWords.registration} со дня поступления).`,
    `Ответить — ${appealTermWords.answer} со дня регистрации: при регистрации в день поступления не позднее ${formatRussianDate(answerDue(receivedDay))}.`,
    `Направить в другой орган, если вопрос не в нашей компетенции, — ${appealTermWords.forward} со дня регистрации: при регистрации в день поступления не позднее ${formatRussianDate(forwardDue(receivedDay))}.`,
    `Сообщить автору, что суть обращения определить нельзя, — ${appealTermWords.notice} со дня регистрации: при регистрации в день поступления не позднее ${formatRussianDate(noticeDue(receivedDay))}.`,
  ];
  const fields: [label: string, value: string][] = [
    ["Фамилия", visibleText(appeal.last_name)],
    ["Имя", visibleText(appeal.first_name)],
    ["Электронная почта", visibleText(appeal.email)],
    ["Телефон", visibleText(appeal.phone)],
    ["Регион", appeal.region === "" ? "не указан" : visibleText(appeal.region)],
  ];
  // Shown visibly escaped: a bidi override must not reorder what the handlers read.
  const comment = visibleText(appeal.comment);
  const consent = `Согласие на обработку персональных данных дано ${formatKirovDateTime(new Date(appeal.consent_at))} по кировскому времени, версия текста согласия: ${appeal.consent_text_version}.`;
  const intro = `На сайте поступило обращение гражданина № ${appeal.number}.`;
  const files = attached?.files.length ? attached : undefined;
  const filesTitle = files ? `Файлы гражданина (${files.files.length}):` : "";
  const fileLines = (files?.files ?? []).map(
    (file) => `${visibleText(file.fileName)} (${fileSizeWords(file.byteSize)})`,
  );
  const filesNote = files
    ? `Файлы к письму не приложены: скачайте их на странице обращения ${files.appealPage}`
    : "";

  const text = [
    intro,
    "",
    `Поступило: ${received}`,
    "",
    "Сроки по закону № 59-ФЗ (если последний день срока нерабочий, срок оканчивается в следующий рабочий день):",
    ...deadlines.map((line) => `— ${line}`),
    "",
    ...fields.map(([label, value]) => `${label}: ${value}`),
    "",
    "Текст обращения:",
    comment,
    "",
    ...(files ? [filesTitle, ...fileLines.map((line) => `— ${line}`), filesNote, ""] : []),
    consent,
    "",
  ].join("\n");

  const html = `<!DOCTYPE html>${renderToStaticMarkup(
    h(
      "html",
      { lang: "ru" },
      h("head", null, h("meta", { charSet: "utf-8" }), h("title", null, subjectOf(appeal))),
      h(
        "body",
        null,
        h("p", null, intro),
        h("p", null, h("strong", null, "Поступило: "), received),
        h(
          "p",
          null,
          "Сроки по закону № 59-ФЗ (если последний день срока нерабочий, срок оканчивается в следующий рабочий день):",
        ),
        h("ul", null, ...deadlines.map((line) => h("li", { key: line }, line))),
        h(
          "table",
          { cellPadding: 4 },
          h("tbody", null, ...fields.map(([label, value]) => row(label, value))),
        ),
        h("p", null, h("strong", null, "Текст обращения:")),
        h("div", { style: { whiteSpace: "pre-wrap" } }, comment),
        files ? h("p", null, h("strong", null, filesTitle)) : null,
        files ? h("ul", null, ...fileLines.map((line, i) => h("li", { key: i }, line))) : null,
        files
          ? h(
              "p",
              null,
              "Файлы к письму не приложены: скачайте их на ",
              h("a", { href: files.appealPage }, "странице обращения"),
              ".",
            )
          : null,
        h("p", null, consent),
      ),
    ),
  )}`;

  return { subject: subjectOf(appeal), text, html };
}

function subjectOf(appeal: StoredAppeal): string {
  return `Новое обращение гражданина № ${appeal.number}`;
}

function row(label: string, value: string): ReactNode {
  return h("tr", { key: label }, h("th", { align: "left" }, label), h("td", null, value));
}
