/**
 * «Журнал изменений» of an appeal's page: its arrival, then every change staff made, who made
 * it, the state before and after.
 */
import {
  appealActionLabels,
  appealStateLabels,
  isAppealState,
} from "../../../domain/appeals/appeal-states.ts";
import type { AppealPageView } from "../../../domain/staff/staff-ports.ts";
import { Table } from "../../components/staff/table/table.tsx";
import { Moment } from "./staff-display.tsx";

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

export function AppealAuditLog({ found }: { found: AppealPageView }) {
  const { appeal, audit } = found;
  return (
    <>
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
