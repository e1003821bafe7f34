/**
 * How the staff pages (app/routes/staff*.tsx) reach the registry without importing the server.
 * The server signs the staff member in (session cookie, CSRF, lockout), then hands every /staff
 * request to React Router's server build with a `StaffRequest` under this key:
 *
 *   const staff = context.get(staffRequestContext);
 *   const page = await staff.listAppeals(query);
 *
 * The key is kept under a registered symbol for the same reason as appealSubmitterContext: the
 * server and the server build each load their own copy of this module.
 */
import { createContext } from "react-router";
import type { AppealTopic } from "../appeals/appeal-topics.ts";
import type { AppealActionForm } from "./appeal-action-form.ts";
import type { AppealStatistics } from "./appeal-statistics.ts";
import type { RegistryQuery } from "./registry-query.ts";
import type {
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
import type { StaffRole } from "./staff-roles.ts";
import type { StatisticsPeriod } from "./statistics-period.ts";

export type ActionResult = { ok: true } | { ok: false; status: number; message: string };

/** A note on an appeal as the staff pages show it. */
export type NoteView = { id: number; staffLogin: string; text: string; createdAt: string };

/** A reply template as the staff pages show it. */
export type ReplyTemplateView = {
  id: number;
  title: string;
  text: string;
  updatedBy: string;
  updatedAt: string;
};

export type StaffRequest = {
  /** The signed-in staff member; null only on the sign-in page. */
  login: string | null;
  /** Their role: what the pages offer them (the server checks it again). */
  role: StaffRole | null;
  /** Put in every form as `_csrf`: the server refuses a state change without it. */
  csrfToken: string;
  /** Today in Kirov, 'YYYY-MM-DD': the day deadlines are judged on. */
  today: string;
  /** Checks the password (with lockout) and starts a session; sets its cookie on success. */
  signIn(login: string, password: string): Promise<ActionResult>;
  /** Ends the session and clears its cookie. */
  signOut(): Promise<void>;
  listAppeals(query: RegistryQuery): Promise<RegistryPage>;
  /** Mails held since a restore, waiting for the operator: told to heads and admins, else 0. */
  heldMail(): Promise<number>;
  getAppeal(id: string): Promise<
    | {
        appeal: RegistryAppeal;
        audit: AuditEntry[];
        notification: NotificationView;
        authorMails: AuthorMailView[];
        answer: AnswerView | undefined;
        /** An executor's drafted forward, extension or leaving without an answer, if any. */
        noticeDraft: NoticeDraftView | undefined;
        notes: NoteView[];
        /** Who the appeal may be given to (for those who assign; empty for the others). */
        executors: string[];
        /** What the viewer sends the citizen (answer, notice) waits for a head's approval. */
        waitsForApproval: boolean;
      }
    | undefined
  >;
  /**
   * A state change. For the answer form (sent as multipart/form-data with its files) the server
   * has read and checked the files before the page's action runs; they go with the answer.
   */
  changeAppeal(id: string, form: AppealActionForm): Promise<ActionResult>;
  /** The answer's mail as the author would get it, with the files of this upload; no change. */
  previewAnswer(
    id: string,
    form: AppealActionForm,
  ): Promise<{ ok: true; preview: AnswerPreview } | Exclude<ActionResult, { ok: true }>>;
  /**
   * Set when the answer form's upload was refused while it streamed in (too many or too large
   * files, a type that is not allowed): the page shows why and keeps the text typed.
   */
  uploadRefusal?: { status: number; message: string };
  /** The reply templates an answer may start from. */
  replyTemplates(): Promise<ReplyTemplateView[]>;
  /** A head saves or deletes a reply template. */
  changeReplyTemplates(form: ReplyTemplateForm): Promise<ActionResult>;
  /** Sets the appeal's topic, with its audit line. */
  setTopic(id: string, topic: AppealTopic): Promise<ActionResult>;
  /** The figures of the appeals received in the period. */
  statistics(period: StatisticsPeriod): Promise<AppealStatistics>;
};

const registry = globalThis as { [key: symbol]: unknown };
const keySymbol = Symbol.for("agrochem-kirov.staffRequestContext");
registry[keySymbol] ??= createContext<StaffRequest>();

export const staffRequestContext = registry[keySymbol] as ReturnType<
  typeof createContext<StaffRequest>
>;
