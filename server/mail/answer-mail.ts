import { createElement as h, type ReactNode } from "react";
import { answerMailTemplate } from "../../content/notice-templates.ts";
import { formatRussianDate } from "../../domain/calendar/calendar-day.ts";
import type { RegistryAppeal } from "../../domain/staff/registry-types.ts";
import type { AppealMail } from "./appeal-mail.ts";
import { citizenMailHtml, citizenMailText, type MailContacts } from "./citizen-mail-layout.ts";
import { fillTemplate, templateValuesOf } from "./notice-mail.ts";

/** What the answer mail is built from: staff's text as written, and the files' names. */
export type AnswerMailContent = {
  text: string;
  outgoingNumber: string | null;
  /** The Kirov day it is sent on (today, for a preview). */
  answeredOn: string;
  fileNames: string[];
};

/**
 * The answer to the author: the frame of `answerMailTemplate` (content/notice-templates.ts)
 * around staff's text, the files named at the end, the organisation's signature; plain text and
 * HTML (rendered by React, so a `<script>` staff or a citizen typed stays text). The files
 * themselves are attached by the composer that sends it (delivery-mails.ts).
 */
export function composeAnswerMail(
  appeal: RegistryAppeal,
  answer: AnswerMailContent,
  /** The contacts shown now, the mail's signature. */
  contacts: MailContacts,
): AppealMail {
  const values = {
    ...templateValuesOf(appeal),
    answeredOn: formatRussianDate(answer.answeredOn),
    outgoingNumber: answer.outgoingNumber ?? "—",
  };
  const subject = fillTemplate(answerMailTemplate.subject, values);
  const paragraphs = [
    fillTemplate(answerMailTemplate.lead, values),
    ...(answer.outgoingNumber ? [fillTemplate(answerMailTemplate.outgoing, values)] : []),
    ...answer.text
      .replace(/\r\n?/g, "\n")
      .split(/\n{2,}/)
      .map((paragraph) => paragraph.trim())
      .filter((paragraph) => paragraph !== ""),
    ...(answer.fileNames.length > 0
      ? [
          [answerMailTemplate.attachments, ...answer.fileNames.map((name) => `— ${name}`)].join(
            "\n",
          ),
        ]
      : []),
  ];
  return {
    subject,
    text: citizenMailText(paragraphs, contacts),
    html: citizenMailHtml(subject, paragraphs.map(withLineBreaks), contacts),
  };
}

/** A paragraph's single line breaks kept in HTML as <br>; every line stays text. */
function withLineBreaks(paragraph: string): ReactNode {
  return paragraph
    .split("\n")
    .flatMap((line, index) => (index ? [h("br", { key: `br-${index}` }), line] : [line]));
}
