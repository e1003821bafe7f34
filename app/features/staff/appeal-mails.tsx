/**
 * The mail an appeal caused: the notice to staff of its arrival (sent again on request once its
 * attempts are spent) and every letter to its author with how it fared.
 */
import type { NotificationView } from "../../../domain/staff/registry-types.ts";
import type { AppealPageView } from "../../../domain/staff/staff-ports.ts";
import { Button } from "../../components/staff/button/button.tsx";
import { Table } from "../../components/staff/table/table.tsx";
import { BounceNote } from "./mail-bounce.tsx";
import { CsrfField, Moment } from "./staff-display.tsx";

const notificationLabels: Record<NotificationView["status"], string> = {
  pending: "ожидает отправки",
  sent: "отправлено",
  failed: "не доставлено: попытки исчерпаны",
  none: "нет уведомления",
};

export function AppealMails({ found, csrfToken }: { found: AppealPageView; csrfToken: string }) {
  const { notification, authorMails } = found;
  return (
    <>
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
          <Button kind="secondary">Отправить уведомление ещё раз</Button>
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
                  <BounceNote bounce={mail.bounce} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
