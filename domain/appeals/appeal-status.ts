/**
 * The citizen's status page (/appeals/status): what it shows of an appeal and what it answers.
 * The route (app/routes/appeal-status.tsx) reaches the server's lookup through the pages' load
 * context (domain/pages/page-context.ts, `services.statusLookup`).
 */
import type { AppealState } from "./appeal-states.ts";

/**
 * What the page shows: the state and the dates the law counts from, never the text or any other
 * personal data (the number and the e-mail are what the visitor typed).
 */
export type AppealStatusView = {
  number: string;
  state: AppealState;
  /** ISO 8601, UTC. */
  receivedAt: string;
  /** 'YYYY-MM-DD' (Kirov), null before registration. */
  registeredOn: string | null;
  /** The last day of the answer term, 'YYYY-MM-DD'; null before registration. */
  answerDue: string | null;
  /** The day the answer was sent, once answered. */
  answeredOn: string | null;
  /** The day it was forwarded to another body, and to whom (a public body, not personal data). */
  forwardedOn: string | null;
  forwardedTo: string | null;
};

export type StatusLookupResult =
  | { status: "found"; view: AppealStatusView }
  /** No appeal with this number and this e-mail: one answer for both, never which one is wrong. */
  | { status: "not-found" }
  | { status: "invalid"; errors: { number?: string; email?: string } }
  | { status: "rate-limited"; message: string }
  | { status: "failed" };

/** Looks an appeal up; `clientAddress` is counted by the lookup limits, never shown. */
export type AppealStatusLookup = (
  typed: { number: string; email: string },
  clientAddress: string,
) => Promise<StatusLookupResult>;

export const statusMessages = {
  notFound:
    "Обращение с таким номером и адресом электронной почты не найдено. Проверьте номер из письма-подтверждения и адрес, указанный в обращении.",
  numberFormat: "Укажите номер обращения из письма-подтверждения, например А-2026-000123",
  emailRequired: "Укажите адрес электронной почты, указанный в обращении",
  rateLimited: "Слишком много запросов с вашего адреса. Пожалуйста, попробуйте через минуту.",
  emailRateLimited:
    "Слишком много неудачных попыток найти обращение с этим адресом электронной почты. Проверка по этому адресу временно ограничена, попробуйте позже.",
  allRateLimited:
    "Слишком много неудачных попыток найти обращение. Проверка состояния обращений временно ограничена, попробуйте позже.",
  failed: "Не удалось узнать состояние обращения. Пожалуйста, попробуйте позже.",
} as const;
