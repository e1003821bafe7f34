/**
 * An executor's drafted forward, extension or leaving without an answer on the appeal's page:
 * what approving it would do (the appeal's new state, the notice the author would get), and for a
 * head the two decisions, «Утвердить и выполнить» or «Вернуть на доработку» with a comment; for
 * the executor after a return, the head's comment.
 */

import type { NoticeDraftView } from "../../../domain/staff/registry-types.ts";
import { SummaryList, SummaryRow } from "../../components/staff/summary-list/summary-list.tsx";
import { DraftAuthorship, DraftDecision } from "./draft-review.tsx";

export function NoticeDraft({
  draft,
  version,
  csrfToken,
  mayReview,
}: {
  draft: NoticeDraftView;
  version: number;
  csrfToken: string;
  mayReview: boolean;
}) {
  const waiting = draft.state === "awaiting_approval";
  return (
    <section aria-labelledby="notice-draft-title" data-testid="notice-draft">
      <h3 id="notice-draft-title">
        {`${draft.title}: ${waiting ? "на согласовании" : "на доработку"}`}
      </h3>
      <SummaryList>
        <DraftAuthorship
          by={draft.draftedBy}
          at={draft.draftedAt}
          reviewedBy={draft.reviewedBy}
          reviewComment={draft.reviewComment}
          commentTestId="notice-review-comment"
        />
        <SummaryRow label="Что будет сделано" testId="notice-draft-details">
          {draft.effect.details}
        </SummaryRow>
        <SummaryRow label="Состояние обращения">
          {draft.effect.state ? `станет «${draft.effect.state}»` : "не изменится"}
        </SummaryRow>
        <SummaryRow label="Письмо автору">{draft.effect.notice ?? "не отправляется"}</SummaryRow>
      </SummaryList>
      {waiting && !mayReview ? (
        <p>
          Ждёт решения руководителя: до утверждения обращение не меняется и автору ничего не
          отправляется.
        </p>
      ) : null}
      {waiting && mayReview ? (
        <DraftDecision
          version={version}
          draftRevision={draft.revision}
          csrfToken={csrfToken}
          approve={{
            intent: "approve-notice",
            label: "Утвердить проект действия",
            button: "Утвердить и выполнить",
            explanation: draft.effect.notice
              ? "Действие будет выполнено, автору уйдёт уведомление на его адрес электронной почты."
              : "Действие будет выполнено; уведомление автору не отправляется.",
          }}
          returnIntent="return-notice"
          returnLabel="Вернуть проект действия на доработку"
        />
      ) : null}
    </section>
  );
}
