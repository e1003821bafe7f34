import { data, redirect } from "react-router";
import {
  allowedActions,
  appealActionLabels,
  appealStateLabels,
  groundLabel,
  isAppealState,
  openAppealStates,
} from "../../domain/appeals/appeal-states.ts";
import { topicLabel } from "../../domain/appeals/appeal-topics.ts";
import { runningDeadlines } from "../../domain/appeals/running-terms.ts";
import { visibleText } from "../../domain/appeals/visible-text.ts";
import { inputConstraints } from "../../domain/forms/input-constraints.ts";
import { formOf, requireStaff } from "../../domain/pages/page-context.ts";
import {
  appealActionFormSchema,
  readAppealActionForm,
} from "../../domain/staff/appeal-action-form.ts";
import { draftReviewLabels } from "../../domain/staff/draft-marks.ts";
import { isNoticeDraftIntent } from "../../domain/staff/notice-drafts.ts";
import type { NotificationView } from "../../domain/staff/registry-types.ts";
import { fillReplyTemplate } from "../../domain/staff/reply-template-text.ts";
import { can } from "../../domain/staff/staff-roles.ts";
import { Button } from "../components/staff/button/button.tsx";
import { NoticeBanner } from "../components/staff/notice-banner/notice-banner.tsx";
import { Select } from "../components/staff/select/select.tsx";
import { SummaryList, SummaryRow } from "../components/staff/summary-list/summary-list.tsx";
import { Table } from "../components/staff/table/table.tsx";
import { Textarea } from "../components/staff/textarea/textarea.tsx";
import {
  AnswerDecision,
  AnswerFiles,
  AnswerForm,
  DraftAnswer,
  FailedAnswerActions,
  SentAnswer,
} from "../features/staff/answer-section.tsx";
import { ActionForm } from "../features/staff/appeal-action-forms.tsx";
import { AppealTopicForm } from "../features/staff/appeal-topic-form.tsx";
import { NoticeDraft } from "../features/staff/notice-draft-section.tsx";
import {
  CsrfField,
  Day,
  DeadlineText,
  DraftMark,
  Moment,
  StateTag,
} from "../features/staff/staff-display.tsx";
import type { Route } from "./+types/staff-appeal.ts";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { staff, viewer, csrfToken, today } = requireStaff(context);
  const role = viewer.role;
  const found = await staff.getAppeal(viewer, params.id);
  if (!found) {
    return data(
      {
        found: undefined,
        today,
        csrfToken: "",
        role,
        templates: [],
        templateText: undefined,
      },
      { status: 404 },
    );
  }
  // An answer may start from a reply template: ?template=<id> fills its text in.
  const templates = can(role, "answer") ? await staff.replyTemplates(viewer) : [];
  const chosen = new URL(request.url).searchParams.get("template");
  const template = templates.find((candidate) => String(candidate.id) === chosen);
  return {
    found,
    today,
    csrfToken,
    role,
    templates: templates.map(({ id, title }) => ({ id, title })),
    templateText: template ? fillReplyTemplate(template.text, found.appeal) : undefined,
  };
}

export async function action({ params, context }: Route.ActionArgs) {
  const { staff, viewer } = requireStaff(context);
  // The door read the form: url-encoded, or multipart with the answer's files checked.
  const { fields: formData, files, refusal } = formOf(context);
  // What was typed into the answer form, given back with a refusal or a preview.
  const answerDraft = {
    text: String(formData.get("answer_text") ?? ""),
    outgoingNumber: String(formData.get("outgoing_number") ?? ""),
  };
  if (refusal) return data({ error: refusal.message, answerDraft }, { status: refusal.status });
  const read = readAppealActionForm(formData.entries());
  if (!read.ok) return data({ error: read.message, answerDraft }, { status: 400 });
  if (read.form.intent === "answer-preview") {
    const previewed = await staff.previewAnswer(viewer, params.id, read.form, files);
    if (!previewed.ok) {
      return data({ error: previewed.message, answerDraft }, { status: previewed.status });
    }
    return { preview: previewed.preview, answerDraft };
  }
  const result = await staff.changeAppeal(viewer, params.id, read.form, files);
  if (!result.ok) return data({ error: result.message, answerDraft }, { status: result.status });
  throw redirect(`/staff/appeals/${params.id}`, 303);
}

const notificationLabels: Record<NotificationView["status"], string> = {
  pending: "ожидает отправки",
  sent: "отправлено",
  failed: "не доставлено: попытки исчерпаны",
  none: "нет уведомления",
};

function stateLabel(state: string | null): string {
  return state && isAppealState(state) ? appealStateLabels[state] : "—";
}

const actionLabels: Record<string, string> = {
  ...appealActionLabels,
  "retry-notification": "Повторная отправка уведомления",
  "retry-answer": "Повторная отправка ответа",
  "answer-by-post": "Ответ отправлен почтой",
  "answer-drafted": "Проект ответа на согласование",
  "approve-answer": "Ответ утверждён и отправлен",
  "return-answer": "Ответ возвращён на доработку",
  "notice-drafted": "Проект действия на согласование",
  "approve-notice": "Проект действия утверждён и выполнен",
  "return-notice": "Проект действия возвращён на доработку",
  assign: "Назначение исполнителя",
  note: "Заметка",
  "acknowledgement-withheld": "Подтверждение автору не отправлено",
  "set-topic": "Тема обращения",
};

export default function StaffAppealPage({ loaderData, actionData }: Route.ComponentProps) {
  const { found, today, csrfToken, role, templates, templateText } = loaderData;
  if (!found) {
    return (
      <>
        <h1>Обращение не найдено</h1>
        <p>
          <a href="/staff">К списку обращений</a>
        </p>
      </>
    );
  }
  const { appeal, audit, notification, authorMails, answer, notes, executors } = found;
  const { noticeDraft, waitsForApproval } = found;
  const deadlines = runningDeadlines(appeal, today);
  // What the rules allow now and the viewer's role allows at all (the server checks both).
  const actions = allowedActions(appeal).filter((action) => can(role, action));
  // The answer has a form of its own (with files); the other actions one small form each. While
  // the viewer's drafted notice waits for a head, they may not draft another.
  const draftWaits = noticeDraft?.state === "awaiting_approval";
  const stateActions = actions.filter(
    (action) =>
      action !== "answer" && !(waitsForApproval && draftWaits && isNoticeDraftIntent(action)),
  );
  const mayAssign = can(role, "assign") && openAppealStates.includes(appeal.state);
  const answerDraft =
    actionData?.answerDraft ??
    (templateText !== undefined
      ? { text: templateText, outgoingNumber: "" }
      : answer?.state === "returned"
        ? { text: answer.text, outgoingNumber: answer.outgoingNumber ?? "" }
        : undefined);
  const sendLabel =
    waitsForApproval && answer?.state !== "sent" ? "Передать на согласование" : "Отправить ответ";
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  const answerDecision = answer?.state === "awaiting_approval" && can(role, "approve-answer");
  const answerFailed =
    answer?.state === "sent" && answer.mail?.status === "failed" && !answer.byPost;
  const mayWriteAnswer =
    answer?.state !== "sent" && answer?.state !== "awaiting_approval" && actions.includes("answer");
  const nextTerm = deadlines[0];
  return (
    <>
      <h1 className="staff-appeal-title">
        Обращение <span className="staff-nowrap">{appeal.number}</span>
      </h1>
      {error ? <NoticeBanner kind="error">{error}</NoticeBanner> : null}
      {/* What the appeal is at now and, beside it (under it on a narrow screen), what the viewer
          may do about it: the first screen holds both; the record follows below. */}
      <div className="staff-appeal-top">
        <section className="staff-appeal-summary" aria-label="Сводка">
          <SummaryList compact>
            <SummaryRow label="Состояние">
              <StateTag state={appeal.state}>
                <strong data-testid="appeal-state">{appealStateLabels[appeal.state]}</strong>
              </StateTag>
            </SummaryRow>
            <SummaryRow label="Сроки" testId="deadlines">
              {nextTerm ? (
                <ul>
                  {deadlines.map((deadline) => (
                    <li key={deadline.kind}>
                      <DeadlineText deadline={deadline} withKind />
                    </li>
                  ))}
                </ul>
              ) : (
                "Сроки не текут."
              )}
            </SummaryRow>
            <SummaryRow label="Исполнитель" testId="assignee">
              {appeal.assignee ?? "не назначен"}
            </SummaryRow>
            {answer && answer.state !== "sent" ? (
              <SummaryRow label="Проект ответа">
                <DraftMark review={answer.state}>{draftReviewLabels[answer.state]}</DraftMark>
              </SummaryRow>
            ) : null}
            {noticeDraft ? (
              <SummaryRow label={noticeDraft.title}>
                <DraftMark review={noticeDraft.state}>
                  {draftReviewLabels[noticeDraft.state]}
                </DraftMark>
              </SummaryRow>
            ) : null}
            <SummaryRow label="Тема" testId="appeal-topic">
              {topicLabel(appeal.topic)}
            </SummaryRow>
          </SummaryList>
        </section>

        <section className="staff-appeal-actions" aria-labelledby="actions-title">
          <h2 id="actions-title">Действия</h2>
          <div className="staff-stack">
            {answerDecision ? (
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
            {answerFailed ? (
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
              <p>
                {actions.length === 0 ? "Работа с обращением завершена." : "Других действий нет."}
              </p>
            ) : null}
          </div>
        </section>
      </div>

      <h2>Обращение</h2>
      <SummaryList>
        <SummaryRow label="Поступило">
          <Moment iso={appeal.created_at} />
        </SummaryRow>
        <SummaryRow label="Дата регистрации">
          <Day iso={appeal.registered_on} />
        </SummaryRow>
        <SummaryRow label="Фамилия">{visibleText(appeal.last_name)}</SummaryRow>
        <SummaryRow label="Имя">{visibleText(appeal.first_name)}</SummaryRow>
        <SummaryRow label="Электронная почта">{visibleText(appeal.email)}</SummaryRow>
        <SummaryRow label="Телефон">{visibleText(appeal.phone)}</SummaryRow>
        <SummaryRow label="Регион">{visibleText(appeal.region) || "—"}</SummaryRow>
        <SummaryRow label="Текст обращения" testId="appeal-comment">
          {visibleText(appeal.comment)}
        </SummaryRow>
        <SummaryRow label="Файлы гражданина" testId="appeal-files">
          <AnswerFiles appealId={appeal.id} files={found.files} />
        </SummaryRow>
        {appeal.extension_days > 0 ? (
          <SummaryRow label="Продление срока ответа">
            на {appeal.extension_days} дн.; причина: {visibleText(appeal.extension_reason ?? "")}
          </SummaryRow>
        ) : null}
        {appeal.forwarded_to ? (
          <SummaryRow label="Перенаправлено">
            {visibleText(appeal.forwarded_to)}, <Day iso={appeal.forwarded_on} />
          </SummaryRow>
        ) : null}
        {appeal.answered_on ? (
          <SummaryRow label="Дата ответа">
            <Day iso={appeal.answered_on} />
          </SummaryRow>
        ) : null}
        {appeal.without_answer_ground ? (
          <>
            <SummaryRow label="Основание оставления без ответа">
              {groundLabel(appeal.without_answer_ground)}
            </SummaryRow>
            <SummaryRow label="Автор уведомлён">
              <Day iso={appeal.notice_sent_on} />
            </SummaryRow>
          </>
        ) : null}
      </SummaryList>

      {answer || actions.includes("answer") ? <h2 id="answer">Ответ гражданину</h2> : null}
      {answer?.state === "sent" ? <SentAnswer appealId={appeal.id} answer={answer} /> : null}
      {answer && answer.state !== "sent" ? (
        <DraftAnswer appealId={appeal.id} answer={answer} />
      ) : null}
      {mayWriteAnswer ? (
        <AnswerForm
          appealId={appeal.id}
          version={appeal.version}
          csrfToken={csrfToken}
          draft={answerDraft}
          preview={actionData && "preview" in actionData ? actionData.preview : undefined}
          templates={templates}
          sendLabel={sendLabel}
          keptFiles={answer?.files.length ?? 0}
        />
      ) : null}

      <h2>Согласие на обработку персональных данных</h2>
      <SummaryList>
        <SummaryRow label="Дано">
          <Moment iso={appeal.consent_at} />
        </SummaryRow>
        <SummaryRow label="Версия текста согласия">{appeal.consent_text_version}</SummaryRow>
        <SummaryRow label="IP-адрес">{appeal.client_ip}</SummaryRow>
        <SummaryRow label="Браузер">{visibleText(appeal.user_agent ?? "—")}</SummaryRow>
      </SummaryList>

      <h2>Уведомление сотрудникам по электронной почте</h2>
      <p data-testid="notification-status">
        {notificationLabels[notification.status]}
        {notification.attempts > 0 ? `, попыток: ${notification.attempts}` : ""}
        {notification.at ? (
          <>
            {", "}
            <Moment iso={notification.at} />
          </>
        ) : null}
      </p>
      {notification.status === "failed" ? (
        <form method="post">
          <CsrfField token={csrfToken} />
          <input type="hidden" name="intent" value="retry-notification" />
          <Button>Отправить уведомление ещё раз</Button>
        </form>
      ) : null}

      <h2>Письма автору</h2>
      {authorMails.length === 0 ? (
        <p>Писем автору не было.</p>
      ) : (
        <Table label="Письма автору" testId="author-mails">
          <thead>
            <tr>
              <th scope="col">Письмо</th>
              <th scope="col">Записано</th>
              <th scope="col">Состояние</th>
            </tr>
          </thead>
          <tbody>
            {authorMails.map((mail) => (
              <tr key={`${mail.writtenAt}-${mail.what}`}>
                <td>{mail.what}</td>
                <td>
                  <Moment iso={mail.writtenAt} />
                </td>
                <td>
                  {notificationLabels[mail.status]}
                  {mail.attempts > 0 && mail.status !== "sent" ? `, попыток: ${mail.attempts}` : ""}
                  {mail.sentAt ? (
                    <>
                      {", "}
                      <Moment iso={mail.sentAt} />
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}

      <h2>Внутренние заметки</h2>
      <p className="staff-hint">
        Видны только сотрудникам: не попадают в письма автору и на страницу состояния.
      </p>
      {notes.length === 0 ? (
        <p>Заметок нет.</p>
      ) : (
        <ul className="staff-notes" data-testid="notes">
          {notes.map((note) => (
            <li key={note.id}>
              <Moment iso={note.createdAt} />, {note.staffLogin}: {note.text}
            </li>
          ))}
        </ul>
      )}
      {can(role, "notes") ? (
        <form method="post" className="staff-form" aria-label="Добавить заметку">
          <CsrfField token={csrfToken} />
          <input type="hidden" name="intent" value="note" />
          <Textarea
            id="note-text"
            name="note_text"
            label="Текст заметки"
            {...inputConstraints(appealActionFormSchema, "note", "note_text")}
            rows={3}
          />
          <Button>Добавить заметку</Button>
        </form>
      ) : null}

      <h2>Журнал изменений</h2>
      <Table label="Журнал изменений">
        <thead>
          <tr>
            <th scope="col">Когда</th>
            <th scope="col">Кто</th>
            <th scope="col">Действие</th>
            <th scope="col">Было</th>
            <th scope="col">Стало</th>
            <th scope="col">Подробности</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <Moment iso={appeal.created_at} />
            </td>
            <td>гражданин (форма на сайте)</td>
            <td>Поступление</td>
            <td>—</td>
            <td>{appealStateLabels.new}</td>
            <td>—</td>
          </tr>
          {audit.map((entry) => (
            <tr key={entry.seq}>
              <td>
                <Moment iso={entry.at} />
              </td>
              <td>{entry.staff_login}</td>
              <td>{actionLabels[entry.action] ?? entry.action}</td>
              <td>{stateLabel(entry.from_state)}</td>
              <td>{stateLabel(entry.to_state)}</td>
              <td>{entry.details ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}
