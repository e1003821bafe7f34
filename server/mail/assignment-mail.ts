import { describeDeadline, nextDeadline } from "../../domain/appeals/running-terms.ts";
import { formatRussianDate } from "../../domain/calendar/calendar-day.ts";
import type { RegistryAppeal } from "../../domain/staff/registry-types.ts";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import type { AppealMail } from "./appeal-mail.ts";
import { citizenMailHtml, type MailContacts } from "./citizen-mail-layout.ts";

/**
 * The executor's mail when an appeal is given to them: its number, when it came, its next term
 * and where it is in the registry. Never the citizen's text, name or contacts: a mailbox is not
 * the registry, and the registry checks who may read an appeal.
 */
export function composeAssignmentMail(
  appeal: RegistryAppeal,
  siteUrl: string,
  /** The contacts shown now, the HTML's signature. */
  contacts: MailContacts,
  today = kirovIsoDate(new Date()),
): AppealMail {
  const subject = `Вам поручено обращение № ${appeal.number}`;
  const deadline = nextDeadline(appeal, today);
  const link = new URL(`/staff/appeals/${appeal.id}`, siteUrl).toString();
  const paragraphs = [
    `Вам поручено обращение № ${appeal.number}, поступившее ${formatRussianDate(kirovIsoDate(new Date(appeal.created_at)))}.`,
    deadline
      ? `${describeDeadline(deadline, { withKind: true })}.`
      : "Сроки по обращению не текут.",
    `Обращение в реестре: ${link}`,
  ];
  return {
    subject,
    text: `${paragraphs.join("\n\n")}\n`,
    html: citizenMailHtml(subject, paragraphs, contacts),
  };
}
