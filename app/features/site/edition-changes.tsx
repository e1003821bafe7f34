import { Table } from "../../components/staff/table/table.tsx";
import type { FieldChange } from "./field-change.ts";

/** An edition's changes in words as a table «Что / Было / Стало» (approval and «История»). */
export function ChangesTable({
  label,
  changes,
}: {
  label: string;
  changes: readonly FieldChange[];
}) {
  return (
    <Table label={label}>
      <thead>
        <tr>
          <th scope="col">Что</th>
          <th scope="col">Было</th>
          <th scope="col">Стало</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={`${change.what}|${change.before}|${change.after}`}>
            <td>{change.what}</td>
            <td>{change.before || "—"}</td>
            <td>{change.after || "—"}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/**
 * What an edition awaiting approval changes against the page published now, in words (each
 * page's own words: vacancy-changes.ts, search-settings-changes.ts…), for the head who approves.
 */
export function EditionChanges({ changes }: { changes: readonly FieldChange[] }) {
  if (changes.length === 0) return <p>Изменений против опубликованной редакции нет.</p>;
  return <ChangesTable label="Изменения на согласовании" changes={changes} />;
}
