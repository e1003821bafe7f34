import { data, redirect } from "react-router";
import {
  type AppealAction,
  allowedActions,
  appealActionLabels,
  appealStateLabels,
  groundLabel,
  isAppealState,
  withoutAnswerGrounds,
} from "../../domain/appeals/appeal-states.ts";
import { appealTerms } from "../../domain/appeals/legal-terms.ts";
import { runningDeadlines } from "../../domain/appeals/running-terms.ts";
import { visibleText } from "../../domain/appeals/visible-text.ts";
import { readAppealActionForm } from "../../domain/staff/appeal-action-form.ts";
import type { NotificationView, RegistryAppeal } from "../../domain/staff/registry-types.ts";
import { staffRequestContext } from "../../domain/staff/staff-context.ts";
import { AppealTopicForm } from "../features/staff/appeal-topic-form.tsx";
import { CsrfField, Day, DeadlineText, Moment } from "../features/staff/staff-display.tsx";
import type { Route } from "./+types/staff-appeal.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const staff = context.get(staffRequestContext);
  const found = await staff.getAppeal(params.id);
  if (!found) return data({ found: undefined, today: staff.today, csrfToken: "" }, { status: 404 });
  return { found, today: staff.today, csrfToken: staff.csrfToken };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = context.get(staffRequestContext);
  const read = readAppealActionForm((await request.formData()).entries());
  if (!read.ok) return data({ error: read.message }, { status: 400 });
  const result = await staff.changeAppeal(params.id, read.form);
  if (!result.ok) return data({ error: result.message }, { status: result.status });
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
  "acknowledgement-withheld": "Подтверждение автору не отправлено",
  "set-topic": "Тема обращения",
};

export default function StaffAppealPage({ loaderData, actionData }: Route.ComponentProps) {
  const { found, today, csrfToken } = loaderData;
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
  const { appeal, audit, notification, authorMails } = found;
  const deadlines = runningDeadlines(appeal, today);
  return (
    <>
      <h1>Обращение {appeal.number}</h1>
      {actionData?.error ? (
        <p className="staff-error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      <p>
        Состояние: <strong data-testid="appeal-state">{appealStateLabels[appeal.state]}</strong>
      </p>

      <h2>Сроки</h2>
      {deadlines.length === 0 ? (
        <p>Сроки не текут.</p>
      ) : (
        <ul>
          {deadlines.map((deadline) => (
            <li key={deadline.kind}>
              <DeadlineText deadline={deadline} withKind />
            </li>
          ))}
        </ul>
      )}

      <AppealTopicForm appealId={appeal.id} topic={appeal.topic} csrfToken={csrfToken} />

      <h2>Обращение</h2>
      <dl className="staff-fields">
        <dt>Поступило</dt>
        <dd>
          <Moment iso={appeal.created_at} />
        </dd>
        <dt>Дата регистрации</dt>
        <dd>
          <Day iso={appeal.registered_on} />
        </dd>
        <dt>Фамилия</dt>
        <dd>{visibleText(appeal.last_name)}</dd>
        <dt>Имя</dt>
        <dd>{visibleText(appeal.first_name)}</dd>
        <dt>Электронная почта</dt>
        <dd>{visibleText(appeal.email)}</dd>
        <dt>Телефон</dt>
        <dd>{visibleText(appeal.phone)}</dd>
        <dt>Регион</dt>
        <dd>{visibleText(appeal.region) || "—"}</dd>
        <dt>Текст обращения</dt>
        <dd data-testid="appeal-comment">{visibleText(appeal.comment)}</dd>
        {appeal.extension_days > 0 ? (
          <>
            <dt>Продление срока ответа</dt>
            <dd>
              на {appeal.extension_days} дн.; причина: {visibleText(appeal.extension_reason ?? "")}
            </dd>
          </>
        ) : null}
        {appeal.forwarded_to ? (
          <>
            <dt>Перенаправлено</dt>
            <dd>
              {visibleText(appeal.forwarded_to)}, <Day iso={appeal.forwarded_on} />
            </dd>
          </>
        ) : null}
        {appeal.answered_on ? (
          <>
            <dt>Дата ответа</dt>
            <dd>
              <Day iso={appeal.answered_on} />
            </dd>
          </>
        ) : null}
        {appeal.without_answer_ground ? (
          <>
            <dt>Основание оставления без ответа</dt>
            <dd>{groundLabel(appeal.without_answer_ground)}</dd>
            <dt>Автор уведомлён</dt>
            <dd>
              <Day iso={appeal.notice_sent_on} />
            </dd>
          </>
        ) : null}
      </dl>

      <h2>Согласие на обработку персональных данных</h2>
      <dl className="staff-fields">
        <dt>Дано</dt>
        <dd>
          <Moment iso={appeal.consent_at} />
        </dd>
        <dt>Версия текста согласия</dt>
        <dd>{appeal.consent_text_version}</dd>
        <dt>IP-адрес</dt>
        <dd>{appeal.client_ip}</dd>
        <dt>Браузер</dt>
        <dd>{visibleText(appeal.user_agent ?? "—")}</dd>
      </dl>

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
          <button type="submit">Отправить уведомление ещё раз</button>
        </form>
      ) : null}

      <h2>Письма автору</h2>
      {authorMails.length === 0 ? (
        <p>Писем автору не было.</p>
      ) : (
        <div className="staff-table-wrap">
          <table className="staff-table" data-testid="author-mails">
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
                    {mail.attempts > 0 && mail.status !== "sent"
                      ? `, попыток: ${mail.attempts}`
                      : ""}
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
          </table>
        </div>
      )}

      <h2>Действия</h2>
      {allowedActions(appeal).length === 0 ? (
        <p>Работа с обращением завершена.</p>
      ) : (
        <div className="staff-actions">
          {allowedActions(appeal).map((action) => (
            <ActionForm
              key={action}
              action={action}
              appeal={appeal}
              today={today}
              csrfToken={csrfToken}
            />
          ))}
        </div>
      )}

      <h2>Журнал изменений</h2>
      <div className="staff-table-wrap">
        <table className="staff-table">
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
        </table>
      </div>
    </>
  );
}

function ActionForm({
  action,
  appeal,
  today,
  csrfToken,
}: {
  action: AppealAction;
  appeal: RegistryAppeal;
  today: string;
  csrfToken: string;
}) {
  const label = appealActionLabels[action];
  return (
    <form method="post" className="staff-form" aria-label={label}>
      <CsrfField token={csrfToken} />
      <input type="hidden" name="intent" value={action} />
      <input type="hidden" name="version" value={appeal.version} />
      {action === "register" ? (
        <DayInput name="registered_on" label="Дата регистрации" today={today} />
      ) : null}
      {action === "answer" ? (
        <DayInput name="answered_on" label="Дата ответа" today={today} />
      ) : null}
      {action === "forward" ? (
        <>
          <label>
            Куда перенаправлено (орган, организация)
            <input name="forwarded_to" required maxLength={300} />
          </label>
          <DayInput name="forwarded_on" label="Дата перенаправления" today={today} />
        </>
      ) : null}
      {action === "leave-without-answer" ? (
        <fieldset>
          <legend>Основание</legend>
          {withoutAnswerGrounds.map((ground) => (
            <label key={ground.code} style={{ flexDirection: "row" }}>
              <input type="radio" name="ground" value={ground.code} required /> {ground.label}
            </label>
          ))}
        </fieldset>
      ) : null}
      {action === "extend" ? (
        <>
          <label>
            На сколько дней (не более {appealTerms.maxExtensionDays})
            <input
              name="extension_days"
              type="number"
              min={1}
              max={appealTerms.maxExtensionDays}
              defaultValue={appealTerms.maxExtensionDays}
              required
            />
          </label>
          <label>
            Причина продления
            <textarea name="extension_reason" required maxLength={1000} rows={3} />
          </label>
        </>
      ) : null}
      {action === "notice-sent" ? (
        <DayInput name="notice_sent_on" label="Дата уведомления автора" today={today} />
      ) : null}
      <button type="submit">{label}</button>
    </form>
  );
}

function DayInput({ name, label, today }: { name: string; label: string; today: string }) {
  return (
    <label>
      {label}
      <input name={name} type="date" defaultValue={today} max={today} required />
    </label>
  );
}
