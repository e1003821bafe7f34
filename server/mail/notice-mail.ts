import {
  type NoticeKind,
  type NoticePlaceholder,
  noticePlaceholders,
  noticeTemplates,
} from "../../content/notice-templates.ts";
import { organisation } from "../../content/organisation.ts";
import { answerDue } from "../../domain/appeals/legal-terms.ts";
import { formatRussianDate } from "../../domain/calendar/calendar-day.ts";
import type { RegistryAppeal } from "../../domain/staff/registry-types.ts";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import type { AppealMail } from "./appeal-mail.ts";
import { citizenMailHtml, citizenMailText, type MailContacts } from "./citizen-mail-layout.ts";

/** Puts the values into a template's {placeholders}; an unknown one is an error, not a blank. */
export function fillTemplate(
  template: string,
  values: Partial<Record<NoticePlaceholder, string>>,
): string {
  return template.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) => {
    if (!(noticePlaceholders as readonly string[]).includes(name)) {
      throw new Error(`unknown placeholder ${whole} in a notice template`);
    }
    return values[name as NoticePlaceholder] ?? "—";
  });
}

const day = (iso: string | null) => (iso ? formatRussianDate(iso) : "—");

/** The values a notice or an answer about this appeal fills in, as the registry holds it now. */
export function templateValuesOf(appeal: RegistryAppeal): Record<NoticePlaceholder, string> {
  return {
    number: appeal.number,
    receivedOn: formatRussianDate(kirovIsoDate(new Date(appeal.created_at))),
    registeredOn: day(appeal.registered_on),
    organisation: organisation.fullName,
    forwardedTo: appeal.forwarded_to ?? "—",
    forwardedOn: day(appeal.forwarded_on),
    answerDue: appeal.registered_on
      ? formatRussianDate(answerDue(appeal.registered_on, appeal.extension_days))
      : "—",
    extensionReason: appeal.extension_reason ?? "—",
    answeredOn: day(appeal.answered_on),
    outgoingNumber: "—",
  };
}

/**
 * A legal notice to the author: the template of its kind (content/notice-templates.ts) filled in
 * from the appeal, with the organisation's signature; plain text and HTML (rendered by React,
 * so every value is text).
 */
export function composeNoticeMail(
  kind: NoticeKind,
  appeal: RegistryAppeal,
  /** The contacts shown now, the mail's signature. */
  contacts: MailContacts,
): AppealMail {
  const template = noticeTemplates[kind];
  const values = templateValuesOf(appeal);
  const subject = fillTemplate(template.subject, values);
  const paragraphs = fillTemplate(template.body, values).split(/\n{2,}/);
  const text = citizenMailText(paragraphs, contacts);
  const html = citizenMailHtml(subject, paragraphs, contacts);
  return { subject, text, html };
}
