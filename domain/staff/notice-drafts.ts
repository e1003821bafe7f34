/**
 * The actions that tell the citizen something by a legal notice (59-ФЗ): forwarding the appeal,
 * extending the answer term, leaving it without an answer. Someone whose role lacks
 * 'send-without-approval' (an executor) drafts them; with ANSWER_APPROVAL on the draft waits for a
 * head ('approve-notice') as an answer does, and nothing changes or is mailed until approved.
 */
import type { AppealAction } from "../appeals/appeal-states.ts";

export const noticeDraftIntents = ["forward", "extend", "leave-without-answer"] as const;

export type NoticeDraftIntent = (typeof noticeDraftIntents)[number] & AppealAction;

export function isNoticeDraftIntent(action: string): action is NoticeDraftIntent {
  return (noticeDraftIntents as readonly string[]).includes(action);
}

/** What the draft is, as a heading names it: «Перенаправление обращения: на согласовании». */
export const noticeDraftTitles: Record<NoticeDraftIntent, string> = {
  forward: "Перенаправление обращения",
  extend: "Продление срока ответа",
  "leave-without-answer": "Оставление без ответа",
};

export type NoticeDraftState = "awaiting_approval" | "returned";
