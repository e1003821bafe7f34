import { Table } from "../../components/staff/table/table.tsx";
import type { FieldChange } from "./field-change.ts";
import { MarkedValue } from "./marked-words.ts";
import { markedChange } from "./word-diff.ts";

/** What the marks mean, in words: the marks are not told by colour alone (issue 43). */
export function ChangesLegend() {
  return (
    <p className="staff-hint">
      В столбце «Было» зачёркнуто удалённое, в столбце «Стало» подчёркнуто добавленное.
    </p>
  );
}

/**
 * An edition's changes in words as a table «Что / Было / Стало» (approval, «История» and the
 * comparison of two editions): in each value the words deleted and inserted are marked.
 */
export function ChangesTable({
  label,
  changes,
}: {
  label: string;
  changes: readonly FieldChange[];
}) {
  return (
    <Table label={label} className="staff-changes">
      <thead>
        <tr>
          <th scope="col">Что</th>
          <th scope="col">Было</th>
          <th scope="col">Стало</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => {
          const marked = markedChange(change.before, change.after);
          return (
            <tr key={`${change.what}|${change.before}|${change.after}`}>
              <td>{change.what}</td>
              <td className="staff-changes__value">
                <MarkedValue pieces={marked.before} kind="deleted" />
              </td>
              <td className="staff-changes__value">
                <MarkedValue pieces={marked.after} kind="inserted" />
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

/**
 * What an edition awaiting approval changes against the page published now, field by field, its
 * changed words marked (each page's own words: vacancy-changes.ts, search-settings-changes.ts…),
 * for the head who approves.
 */
export function EditionChanges({ changes }: { changes: readonly FieldChange[] }) {
  if (changes.length === 0) return <p>Изменений против опубликованной редакции нет.</p>;
  return (
    <>
      <h3>Изменения на согласовании</h3>
      <ChangesLegend />
      <ChangesTable label="Изменения на согласовании" changes={changes} />
    </>
  );
}
