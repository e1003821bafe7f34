import type { ReactNode } from "react";
import {
  type EditionView,
  returnCommentMaxLength,
} from "../../../domain/site-content/site-editions.ts";
import { Button, ButtonGroup } from "../../components/staff/button/button.tsx";
import { Textarea } from "../../components/staff/textarea/textarea.tsx";
import { CsrfField, Moment } from "../staff/staff-display.tsx";
import { PublishScheduleFields, type ScheduleAnswer } from "./publish-schedule-fields.tsx";

/**
 * A head's answer to an edition awaiting approval: «Утвердить и опубликовать», or «Вернуть на
 * доработку» with a comment its author reads on the editor.
 */
export function EditionReview({
  edition,
  csrfToken,
  commentError,
  schedule,
  preview = true,
  children,
}: {
  edition: EditionView;
  csrfToken: string;
  commentError: string | undefined;
  /** The moment typed for «Опубликовать по расписанию», refused (decision 0039). */
  schedule?: ScheduleAnswer | undefined;
  /** A preview to link: not for content no built page shows (the search's settings). */
  preview?: boolean;
  /** What the edition changes against the page published now, in words. */
  children?: ReactNode;
}) {
  return (
    <section className="staff-form staff-stack" aria-labelledby="review-title">
      <h2 id="review-title">Согласование</h2>
      <p>
        Передал {edition.submittedBy}, <Moment iso={edition.submittedAt ?? edition.changedAt} />.
        Проверьте изменения в форме ниже
        {preview ? (
          <>
            {" "}
            и в <a href={`/staff/site/${edition.page}/preview`}>предпросмотре</a>
          </>
        ) : null}
        .
      </p>
      {children}
      <form method="post">
        <CsrfField token={csrfToken} />
        <input type="hidden" name="edition" value={edition.id} />
        <input type="hidden" name="revision" value={edition.revision} />
        <ButtonGroup>
          <Button name="intent" value="approve">
            Утвердить и опубликовать
          </Button>
        </ButtonGroup>
      </form>
      <form method="post" className="staff-stack">
        <CsrfField token={csrfToken} />
        <input type="hidden" name="edition" value={edition.id} />
        <input type="hidden" name="revision" value={edition.revision} />
        <PublishScheduleFields
          id="review-schedule"
          intent="approve-on-schedule"
          answer={schedule}
        />
      </form>
      <form method="post" className="staff-stack">
        <CsrfField token={csrfToken} />
        <input type="hidden" name="edition" value={edition.id} />
        <Textarea
          id="return-comment"
          name="comment"
          label="Что доработать"
          rows={3}
          maxLength={returnCommentMaxLength}
          error={commentError}
        />
        <ButtonGroup>
          <Button kind="secondary" name="intent" value="return">
            Вернуть на доработку
          </Button>
        </ButtonGroup>
      </form>
    </section>
  );
}
