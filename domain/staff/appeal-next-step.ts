/**
 * The one step an appeal's state calls for now, for the person looking at it (issue 44): the
 * appeal's page shows it first, as its only primary button; every other action is secondary,
 * and those that mail the citizen a legal notice stand apart with what they send. In order: a
 * head's decision on a draft waiting for it, a failed answer's mail, registering a new appeal,
 * recording a notice that is due, taking a registered appeal up, writing the answer.
 */
import type { AppealAction } from "../appeals/appeal-states.ts";
import { type NoticeDraftIntent, noticeDraftIntents } from "./notice-drafts.ts";

/** What the page worked out the viewer may do (app/features/staff/appeal-actions.tsx). */
export type NextStepFacts = {
  /** The actions the appeal's state and the viewer's role allow. */
  actions: readonly AppealAction[];
  /** A drafted answer waits for this viewer's decision. */
  decidesAnswer: boolean;
  /** A drafted notice waits for this viewer's decision. */
  decidesNotice: boolean;
  /** The sent answer's mail failed: send it again or record it sent by post. */
  answerFailed: boolean;
  /** The viewer may write the answer now. */
  mayWriteAnswer: boolean;
};

export type NextStep =
  | "decide-answer"
  | "decide-notice"
  | "retry-answer"
  | "register"
  | "notice-sent"
  | "start"
  | "write-answer";

export function nextStep(facts: NextStepFacts): NextStep | undefined {
  if (facts.decidesAnswer) return "decide-answer";
  if (facts.decidesNotice) return "decide-notice";
  if (facts.answerFailed) return "retry-answer";
  for (const action of ["register", "notice-sent", "start"] as const) {
    if (facts.actions.includes(action)) return action;
  }
  if (facts.mayWriteAnswer) return "write-answer";
  return undefined;
}

/** The actions that mail the citizen a legal notice: shown apart from the others. */
export function mailsCitizen(action: AppealAction): action is NoticeDraftIntent {
  return (noticeDraftIntents as readonly string[]).includes(action);
}

/** What each of them sends, said beside its button. */
export const citizenMailOf: Record<NoticeDraftIntent, string> = {
  forward:
    "Гражданину уйдёт уведомление о направлении обращения по компетенции (ч. 3 ст. 8 59-ФЗ).",
  extend: "Гражданину уйдёт уведомление о продлении срока ответа (ч. 2 ст. 12 59-ФЗ).",
  "leave-without-answer":
    "Гражданину уйдёт уведомление об оставлении без ответа, если основание этого требует (ст. 11 59-ФЗ).",
};
