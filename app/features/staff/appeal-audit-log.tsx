/**
 * «Журнал изменений» of an appeal's page: its arrival, then every change staff made, who made
 * it, the state before and after.
 */

import { auditActionLabel, auditStateLabel } from "../../../domain/staff/audit-labels.ts";
import type { AppealPageView } from "../../../domain/staff/staff-ports.ts";
import { Table } from "../../components/staff/table/table.tsx";
import { Moment } from "./staff-display.tsx";

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
            <td>{auditStateLabel("new")}</td>
            <td>—</td>
          </tr>
          {audit.map((entry) => (
            <tr key={entry.seq}>
              <td>
                <Moment iso={entry.at} />
              </td>
              <td>{entry.staff_login}</td>
              <td>{auditActionLabel(entry.action)}</td>
              <td>{auditStateLabel(entry.from_state)}</td>
              <td>{auditStateLabel(entry.to_state)}</td>
              <td>{entry.details ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}
