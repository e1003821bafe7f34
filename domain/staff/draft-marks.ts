/**
 * What waits for a head: an appeal's answer or notice draft awaiting approval («На согласовании»)
 * or returned to its executor («На доработку»), as the registry's list, its filter «Ждут
 * согласования», the CSV and the heads' daily reminder say it. A draft counts only while its
 * action is one the appeal's state still allows (`allowedActions`): a draft overtaken by a head's
 * own action is neither shown on the appeal's page nor approvable, so it waits for nobody.
 */
import { type AppealStateFacts, allowedActions } from "../appeals/appeal-states.ts";
import type { NoticeDraftIntent } from "./notice-drafts.ts";

export type DraftReview = "awaiting_approval" | "returned";

export const draftReviewLabels: Record<DraftReview, string> = {
  awaiting_approval: "На согласовании",
  returned: "На доработку",
};

/** The appeal's drafts as stored: an answer not yet sent, a notice draft. */
export type AppealDrafts = {
  answer: DraftReview | null;
  notice: { intent: NoticeDraftIntent; state: DraftReview } | null;
};

/** The list's mark: awaiting approval if either draft awaits it, else returned if one was. */
export function draftReviewOf(appeal: AppealStateFacts, drafts: AppealDrafts): DraftReview | null {
  const allowed = allowedActions(appeal);
  const live = [
    drafts.answer && allowed.includes("answer") ? drafts.answer : null,
    drafts.notice && allowed.includes(drafts.notice.intent) ? drafts.notice.state : null,
  ];
  if (live.includes("awaiting_approval")) return "awaiting_approval";
  return live.includes("returned") ? "returned" : null;
}
