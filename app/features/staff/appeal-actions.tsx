/**
 * What the viewer may do about an appeal now, which is what its state allows and the viewer's
 * role allows at all (the server checks both again), in two parts of its page (issue 44):
 * «Что сделать сейчас», the one step its state calls for (domain/staff/appeal-next-step.ts) as
 * the page's only primary button; and «Другие действия», secondary, those that mail the citizen
 * a legal notice apart with what they send, then the executor and the topic.
 */
import { allowedActions, openAppealStates } from "../../../domain/appeals/appeal-states.ts";
import {
  citizenMailOf,
  mailsCitizen,
  type NextStep,
  nextStep,
} from "../../../domain/staff/appeal-next-step.ts";
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
  const answerDecision = answer?.state === "awaiting_approval" && can(role, "approve-answer");
  // Failed every try, or bounced for good (issue 46: read back from the mailbox).
  const answerFailed =
    answer?.state === "sent" &&
    (answer.mail?.status === "failed" || answer.mail?.bounce?.permanent === true) &&
    !answer.byPost;
  const mayWriteAnswer =
    answer?.state !== "sent" && answer?.state !== "awaiting_approval" && actions.includes("answer");
  const noticeDecision = noticeDraft?.state === "awaiting_approval" && can(role, "approve-notice");
  return {
    actions,
    stateActions,
    mayAssign: can(role, "assign") && openAppealStates.includes(appeal.state),
    answerDecision,
    answerFailed,
    mayWriteAnswer,
    step: nextStep({
      actions,
      decidesAnswer: answerDecision,
      decidesNotice: noticeDecision,
      answerFailed,
      mayWriteAnswer,
    }),
  };
}

type ActionsProps = {
  found: AppealPageView;
  role: StaffRole;
  today: string;
  csrfToken: string;
};

/** «Что сделать сейчас»: the one step, its button the page's only primary one. */
export function AppealNextStep({ found, role, today, csrfToken }: ActionsProps) {
  const { appeal, answer, noticeDraft } = found;
  const { step, actions } = appealPageActions(found, role);
  return (
    <section className="staff-appeal-next" aria-labelledby="next-step-title">
      <h2 id="next-step-title">Что сделать сейчас</h2>
      {step === "decide-answer" && answer ? (
        <AnswerDecision version={appeal.version} answer={answer} csrfToken={csrfToken} />
      ) : null}
      {step === "decide-notice" && noticeDraft ? (
        <NoticeDraft draft={noticeDraft} version={appeal.version} csrfToken={csrfToken} mayReview />
      ) : null}
      {step === "retry-answer" && answer ? (
        <FailedAnswerActions answer={answer} csrfToken={csrfToken} today={today} />
      ) : null}
      {step === "register" || step === "start" || step === "notice-sent" ? (
        <ActionForm action={step} appeal={appeal} today={today} csrfToken={csrfToken} primary />
      ) : null}
      {step === "write-answer" ? (
        <p>
          <a className="staff-button" href="#answer">
            Написать ответ гражданину
          </a>
        </p>
      ) : null}
      {step === undefined ? (
        <p>{actions.length === 0 ? "Работа с обращением завершена." : "Других шагов нет."}</p>
      ) : null}
    </section>
  );
}

/** The actions left once the step is taken out of them. */
const besides = (step: NextStep | undefined) => (action: string) => action !== step;

/**
 * «Другие действия»: every other action, secondary; those that mail the citizen a legal notice
 * apart, each with what it sends; then the executor and the topic.
 */
export function AppealOtherActions({ found, role, today, csrfToken }: ActionsProps) {
  const { appeal, answer, noticeDraft, waitsForApproval, executors } = found;
  const { step, stateActions, mayAssign, mayWriteAnswer, answerFailed } = appealPageActions(
    found,
    role,
  );
  const others = stateActions.filter(besides(step));
  const plain = others.filter((action) => !mailsCitizen(action));
  const mailing = others.filter(mailsCitizen);
  const formOf = (action: (typeof stateActions)[number]) => (
    <ActionForm
      key={action}
      action={action}
      appeal={appeal}
      today={today}
      csrfToken={csrfToken}
      submitLabel={
        waitsForApproval && isNoticeDraftIntent(action) ? "Передать на согласование" : undefined
      }
      defaults={
        noticeDraft?.state === "returned" && noticeDraft.intent === action
          ? noticeDraft.fields
          : undefined
      }
      citizenMail={mailsCitizen(action) ? citizenMailOf[action] : undefined}
    />
  );
  return (
    <section className="staff-appeal-actions" aria-labelledby="actions-title">
      <h2 id="actions-title">Другие действия</h2>
      <div className="staff-stack">
        {noticeDraft && step !== "decide-notice" ? (
          <NoticeDraft
            draft={noticeDraft}
            version={appeal.version}
            csrfToken={csrfToken}
            mayReview={can(role, "approve-notice")}
          />
        ) : null}
        {answer?.state === "awaiting_approval" && step !== "decide-answer" ? (
          <p>Проект ответа ждёт решения руководителя.</p>
        ) : null}
        {mayWriteAnswer && step !== "write-answer" ? (
          <p>
            <a href="#answer">Ответ гражданину</a>
          </p>
        ) : null}
        {answerFailed && answer && step !== "retry-answer" ? (
          <FailedAnswerActions answer={answer} csrfToken={csrfToken} today={today} />
        ) : null}
        {plain.map(formOf)}
        {mailing.length > 0 ? (
          <section className="staff-citizen-mail" aria-labelledby="citizen-mail-title">
            <h3 id="citizen-mail-title">С уведомлением гражданина</h3>
            {waitsForApproval ? (
              <p className="staff-hint">
                Перенаправление, продление срока и оставление без ответа выполнит руководитель после
                согласования; до того обращение не меняется и автору ничего не отправляется.
              </p>
            ) : null}
            <div className="staff-stack">{mailing.map(formOf)}</div>
          </section>
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
            <Button kind="secondary">Назначить исполнителя</Button>
          </form>
        ) : null}
        {can(role, "set-topic") ? (
          <AppealTopicForm appealId={appeal.id} topic={appeal.topic} csrfToken={csrfToken} />
        ) : null}
      </div>
    </section>
  );
}
