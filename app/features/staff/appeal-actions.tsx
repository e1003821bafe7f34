/**
 * «Действия» of an appeal's page: what the viewer may do about the appeal now, which is what
 * its state allows and the viewer's role allows at all (the server checks both again): a head's
 * decision on a draft, one small form per state change, the failed answer's retries, the
 * executor, the topic.
 */
import { allowedActions, openAppealStates } from "../../../domain/appeals/appeal-states.ts";
import { isNoticeDraftIntent } from "../../../domain/staff/notice-drafts.ts";
import type { AppealPageView } from "../../../domain/staff/staff-ports.ts";
import { can, type StaffRole } from "../../../domain/staff/staff-roles.ts";
import { Button } from "../../components/staff/button/button.tsx";
import { Select } from "../../components/staff/select/select.tsx";
import { AnswerDecision, FailedAnswerActions } from "./answer-section.tsx";
import { ActionForm } from "./appeal-action-forms.tsx";
import { AppealTopicForm } from "./appeal-topic-form.tsx";
import { NoticeDraft } from "./notice-draft-section.tsx";
import { CsrfField } from "./staff-display.tsx";

/** What the page offers the viewer, worked out once for the actions and the answer's part. */
export function appealPageActions(found: AppealPageView, role: StaffRole) {
  const { appeal, answer, noticeDraft, waitsForApproval } = found;
  const actions = allowedActions(appeal).filter((action) => can(role, action));
  // The answer has a form of its own (with files); the other actions one small form each. While
  // the viewer's drafted notice waits for a head, they may not draft another.
  const draftWaits = noticeDraft?.state === "awaiting_approval";
  const stateActions = actions.filter(
    (action) =>
      action !== "answer" && !(waitsForApproval && draftWaits && isNoticeDraftIntent(action)),
  );
  return {
    actions,
    stateActions,
    mayAssign: can(role, "assign") && openAppealStates.includes(appeal.state),
    answerDecision: answer?.state === "awaiting_approval" && can(role, "approve-answer"),
    answerFailed: answer?.state === "sent" && answer.mail?.status === "failed" && !answer.byPost,
    mayWriteAnswer:
      answer?.state !== "sent" &&
      answer?.state !== "awaiting_approval" &&
      actions.includes("answer"),
  };
}

export function AppealActions({
  found,
  role,
  today,
  csrfToken,
}: {
  found: AppealPageView;
  role: StaffRole;
  today: string;
  csrfToken: string;
}) {
  const { appeal, answer, noticeDraft, waitsForApproval, executors } = found;
  const { actions, stateActions, mayAssign, answerDecision, answerFailed, mayWriteAnswer } =
    appealPageActions(found, role);
  return (
    <section className="staff-appeal-actions" aria-labelledby="actions-title">
      <h2 id="actions-title">Действия</h2>
      <div className="staff-stack">
        {answerDecision && answer ? (
          <AnswerDecision version={appeal.version} answer={answer} csrfToken={csrfToken} />
        ) : null}
        {noticeDraft ? (
          <NoticeDraft
            draft={noticeDraft}
            version={appeal.version}
            csrfToken={csrfToken}
            mayReview={can(role, "approve-notice")}
          />
        ) : null}
        {waitsForApproval && stateActions.some(isNoticeDraftIntent) ? (
          <p className="staff-hint">
            Перенаправление, продление срока и оставление без ответа выполнит руководитель после
            согласования; до того обращение не меняется и автору ничего не отправляется.
          </p>
        ) : null}
        {mayWriteAnswer ? (
          <p>
            <a href="#answer">Ответ гражданину</a>
          </p>
        ) : null}
        {stateActions.map((action) => (
          <ActionForm
            key={action}
            action={action}
            appeal={appeal}
            today={today}
            csrfToken={csrfToken}
            submitLabel={
              waitsForApproval && isNoticeDraftIntent(action)
                ? "Передать на согласование"
                : undefined
            }
            defaults={
              noticeDraft?.state === "returned" && noticeDraft.intent === action
                ? noticeDraft.fields
                : undefined
            }
          />
        ))}
        {answerFailed && answer ? (
          <FailedAnswerActions answer={answer} csrfToken={csrfToken} today={today} />
        ) : null}
        {mayAssign ? (
          <form method="post" className="staff-form" aria-label="Назначить исполнителя">
            <CsrfField token={csrfToken} />
            <input type="hidden" name="intent" value="assign" />
            <input type="hidden" name="version" value={appeal.version} />
            <Select
              id="assignee"
              name="assignee"
              label="Исполнитель"
              defaultValue={appeal.assignee ?? ""}
              options={[
                { value: "", label: "не назначен" },
                ...executors.map((login) => ({ value: login, label: login })),
              ]}
            />
            <Button>Назначить исполнителя</Button>
          </form>
        ) : null}
        {can(role, "set-topic") ? (
          <AppealTopicForm appealId={appeal.id} topic={appeal.topic} csrfToken={csrfToken} />
        ) : null}
        {stateActions.length === 0 && !mayWriteAnswer && !answerDecision && !answerFailed ? (
          <p>{actions.length === 0 ? "Работа с обращением завершена." : "Других действий нет."}</p>
        ) : null}
      </div>
    </section>
  );
}
