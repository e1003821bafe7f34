/**
 * What the staff pages (app/routes/staff*.tsx) may ask of the registry, without importing the
 * server: one port, built once per server (server/pages/page-services.ts), reached through the
 * pages' one load context (domain/pages/page-context.ts) after the guard `requireStaff`. Every
 * call names the signed-in viewer; the server checks their role again.
 */
import type { AppealTopic } from "../appeals/appeal-topics.ts";
import type { SubmittedFile } from "../attachments/submitted-file.ts";
import type { AppealActionForm } from "./appeal-action-form.ts";
import type { AppealStatistics } from "./appeal-statistics.ts";
import type { StorageTermView } from "./archive-port.ts";
import type { RegistryQuery } from "./registry-query.ts";
import type {
  AnswerFileView,
  AnswerPreview,
  AnswerView,
  AuditEntry,
  AuthorMailView,
  NoticeDraftView,
  NotificationView,
  RegistryAppeal,
  RegistryPage,
} from "./registry-types.ts";
import type { ReplyTemplateForm } from "./reply-template-form.ts";
import type { StaffViewer } from "./staff-roles.ts";
import type { StatisticsPeriod } from "./statistics-period.ts";

export type ActionResult = { ok: true } | { ok: false; status: number; message: string };

/** A note on an appeal as the staff pages show it. */
export type NoteView = { id: number; staffLogin: string; text: string; createdAt: string };

/** A reply template as the staff pages show it. */
type ReplyTemplateView = {
  id: number;
  title: string;
  text: string;
  updatedBy: string;
  updatedAt: string;
};

/** One appeal's page: the appeal and everything shown beside it. */
export type AppealPageView = {
  appeal: RegistryAppeal;
  audit: AuditEntry[];
  notification: NotificationView;
  authorMails: AuthorMailView[];
  answer: AnswerView | undefined;
  /** The files the citizen attached to the appeal (decision 0045), without their bytes. */
  files: AnswerFileView[];
  /** An executor's drafted forward, extension or leaving without an answer, if any. */
  noticeDraft: NoticeDraftView | undefined;
  notes: NoteView[];
  /** Who the appeal may be given to (for those who assign; empty for the others). */
  executors: string[];
  /** What the viewer sends the citizen (answer, notice) waits for a head's approval. */
  waitsForApproval: boolean;
  /** «Срок хранения» (issue 45): the term, where the case is filed, when it comes due. */
  storage: StorageTermView;
};

/** Sign-in: the session's token on success (the server's door sets its cookie). */
export type SignInPort = {
  signIn(
    login: string,
    password: string,
    clientAddress: string,
  ): Promise<{ ok: true; token: string } | Exclude<ActionResult, { ok: true }>>;
};

export type StaffPort = {
  /** Today in Kirov, 'YYYY-MM-DD': the day deadlines are judged on. */
  today(): string;
  listAppeals(viewer: StaffViewer, query: RegistryQuery): Promise<RegistryPage>;
  /** Mails held since a restore, waiting for the operator: told to heads and admins, else 0. */
  heldMail(viewer: StaffViewer): Promise<number>;
  getAppeal(viewer: StaffViewer, id: string): Promise<AppealPageView | undefined>;
  /** A state change; for the answer form, with the files the door read and checked. */
  changeAppeal(
    viewer: StaffViewer,
    id: string,
    form: AppealActionForm,
    files: readonly SubmittedFile[],
  ): Promise<ActionResult>;
  /** The answer's mail as the author would get it, with the files of this upload; no change. */
  previewAnswer(
    viewer: StaffViewer,
    id: string,
    form: AppealActionForm,
    files: readonly SubmittedFile[],
  ): Promise<{ ok: true; preview: AnswerPreview } | Exclude<ActionResult, { ok: true }>>;
  /** The reply templates an answer may start from. */
  replyTemplates(viewer: StaffViewer): Promise<ReplyTemplateView[]>;
  /** A head saves or deletes a reply template. */
  changeReplyTemplates(viewer: StaffViewer, form: ReplyTemplateForm): Promise<ActionResult>;
  /** Sets the appeal's topic, with its audit line. */
  setTopic(viewer: StaffViewer, id: string, topic: AppealTopic): Promise<ActionResult>;
  /** The figures of the appeals received in the period. */
  statistics(period: StatisticsPeriod): Promise<AppealStatistics>;
};
