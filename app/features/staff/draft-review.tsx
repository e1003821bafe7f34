/**
 * What an executor's draft awaiting approval shows alike, an answer or a notice: who prepared it
 * and what a head said on returning it, and the head's two decisions, approve or return with a
 * comment ('На доработку').
 */
import { inputConstraints } from "../../../domain/forms/input-constraints.ts";
import { appealActionFormSchema } from "../../../domain/staff/appeal-action-form.ts";
import { Button } from "../../components/staff/button/button.tsx";
import { SummaryRow } from "../../components/staff/summary-list/summary-list.tsx";
import { Textarea } from "../../components/staff/textarea/textarea.tsx";
import { CsrfField, Moment } from "./staff-display.tsx";

/** The 'Подготовил' and 'Вернул на доработку' lines of a draft's description list. */
export function DraftAuthorship({
  by,
  at,
  reviewedBy,
  reviewComment,
  commentTestId,
}: {
  by: string;
  at: string;
  reviewedBy: string | null;
  reviewComment: string | null;
  commentTestId: string;
}) {
  return (
    <>
      <SummaryRow label="Подготовил">
        {by}, <Moment iso={at} />
      </SummaryRow>
      {reviewComment ? (
        <SummaryRow label="Вернул на доработку" testId={commentTestId}>
          {reviewedBy}: {reviewComment}
        </SummaryRow>
      ) : null}
    </>
  );
}

/**
 * A head's approval and return of a draft, each a form naming its intent and carrying what the
 * page showed: the appeal's version and the draft's revision (a draft revised since is refused).
 */
export function DraftDecision({
  version,
  draftRevision,
  csrfToken,
  approve,
  returnIntent,
  returnLabel,
}: {
  version: number;
  draftRevision: number;
  csrfToken: string;
  approve: { intent: string; label: string; button: string; explanation: string };
  returnIntent: string;
  /** The return form's name ('Вернуть на доработку'). */
  returnLabel: string;
}) {
  return (
    <div className="staff-stack">
      <form method="post" className="staff-form" aria-label={approve.label}>
        <CsrfField token={csrfToken} />
        <input type="hidden" name="intent" value={approve.intent} />
        <input type="hidden" name="version" value={version} />
        <input type="hidden" name="draft_revision" value={draftRevision} />
        <p>{approve.explanation}</p>
        <Button>{approve.button}</Button>
      </form>
      <form method="post" className="staff-form" aria-label={returnLabel}>
        <CsrfField token={csrfToken} />
        <input type="hidden" name="intent" value={returnIntent} />
        <input type="hidden" name="version" value={version} />
        <input type="hidden" name="draft_revision" value={draftRevision} />
        <Textarea
          id={`${returnIntent}-comment`}
          name="review_comment"
          label="Что доработать"
          {...inputConstraints(appealActionFormSchema, returnIntent, "review_comment")}
          rows={3}
        />
        <Button kind="secondary">Вернуть на доработку</Button>
      </form>
    </div>
  );
}
