/**
 * What the staff pages ask of the organisation's mailbox as read into the registry (issue 46),
 * without importing the server. «Письма без обращения» (/staff/mail) is a registrar's and a
 * head's (anyone else: undefined, shown as 404); a corrected address for an answer that did not
 * arrive is a head's or the executor's, like a retry. Every change is audited.
 */
import type { ActionResult } from "./staff-ports.ts";
import type { StaffViewer } from "./staff-roles.ts";

type Refusal = Exclude<ActionResult, { ok: true }>;

/** A message that matched no appeal, or could not be read, waiting for a registrar. */
export type WaitingMessageSummary = {
  id: number;
  /** When the server read it (ISO 8601). */
  readAt: string;
  kind: "unmatched" | "unreadable";
  /** Its sender and subject as it gave them; null when it could not be read. */
  from: string | null;
  subject: string | null;
  /** Why it is unreadable, in Russian; null for an unmatched one. */
  reason: string | null;
  byteSize: number;
};

export type WaitingMessageView = WaitingMessageSummary & {
  /** Its Date header (ISO 8601), if any. */
  sentAt: string | null;
  /** The sender's display name, to start the registration form with. */
  fromName: string | null;
  /** The text, HTML reduced to text; empty when unreadable. */
  text: string;
  /** Its files: those the form's rules accept, and those they refuse with the reason. */
  files: { fileName: string; byteSize: number; refused: string | null }[];
};

/** What a registrar types to register a message as an appeal. */
export type RegisterMessageForm = {
  lastName: string;
  firstName: string;
  email: string;
  phone: string;
  region: string;
  /** A registration number when it continues an appeal: «Повторное обращение к …». */
  followUpOf: string;
};

export type MailboxPort = {
  waiting(viewer: StaffViewer): Promise<WaitingMessageSummary[] | undefined>;
  message(viewer: StaffViewer, id: number): Promise<WaitingMessageView | undefined>;
  /** Registers it as an appeal (its text and accepted files); the author is acknowledged as usual. */
  register(
    viewer: StaffViewer,
    id: number,
    form: RegisterMessageForm,
  ): Promise<{ ok: true; appealId: string } | Refusal>;
  /** Sets it aside with a reason; its copy stays in the mailbox's «Обработано» folder. */
  setAside(viewer: StaffViewer, id: number, reason: string): Promise<ActionResult>;
  /** «Ответ не доставлен: N» on the list: a head's count of all, an executor's of theirs; else 0. */
  undeliveredAnswers(viewer: StaffViewer): Promise<number>;
  /** «Отправить повторно»: the answer once more, to a corrected address, with the reason. */
  resendAnswer(
    viewer: StaffViewer,
    appealId: string,
    address: string,
    reason: string,
  ): Promise<ActionResult>;
};
