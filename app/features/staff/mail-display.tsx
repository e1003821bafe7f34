/**
 * How «Письма без обращения» (issue 46) names a waiting message: its kind, its sender and its
 * subject as it gave them, with words for what it did not give.
 */
import type { WaitingMessageSummary } from "../../../domain/staff/mailbox-port.ts";

export const waitingKindLabels: Record<WaitingMessageSummary["kind"], string> = {
  unmatched: "не связано с обращением",
  unreadable: "не удалось прочитать",
};

export const mailListPath = "/staff/mail";

export const mailMessagePath = (id: number) => `${mailListPath}/${id}`;

/** The subject as the list and the page's title show it. */
export function subjectOf(message: Pick<WaitingMessageSummary, "subject" | "kind">): string {
  if (message.subject?.trim()) return message.subject;
  return message.kind === "unreadable" ? "Письмо, которое не удалось прочитать" : "(без темы)";
}

/** A size in words: «12 КБ», «3,4 МБ». */
export function byteSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} Б`;
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} КБ`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace(".", ",")} МБ`;
}
