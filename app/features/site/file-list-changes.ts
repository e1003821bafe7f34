/**
 * What one edition of the documents or the blank forms changed against the one before, in words
 * («История», decision 0031): groups added, removed, renamed or moved; in each group, rows added,
 * removed, renamed, their files replaced, a new order.
 */
import type { FileListKind } from "../../../domain/site-content/file-lists-content.ts";
import { fileNameOf } from "../../../domain/site-content/site-files.ts";
import { type FieldChange, listChanges } from "./field-change.ts";

type Row = Record<string, unknown> & { title: string };
type Group = { id: string; title: string } & Record<string, unknown>;

export function fileListChanges(kind: FileListKind) {
  return (before: { groups: Group[] }, after: { groups: Group[] }): FieldChange[] => {
    const rowsOf = (group: Group) =>
      (group[kind.rows] as Row[]).map((row, index) => ({
        ...row,
        // Rows without an id of their own (documents) are compared by position.
        id: String(row.id ?? index),
      }));
    const changes = listChanges(before.groups, after.groups, {
      nameOf: (group) => group.title,
      fields: (group) => [{ label: "Название группы", value: group.title }],
      added: "Группа добавлена",
      removed: "Группа удалена",
      order: "Порядок групп",
    });
    const earlier = new Map(before.groups.map((group) => [group.id, group]));
    for (const group of after.groups) {
      const old = earlier.get(group.id);
      if (!old) continue;
      changes.push(
        ...listChanges(rowsOf(old), rowsOf(group), {
          nameOf: (row) => row.title,
          fields: (row) => [
            { label: "Название", value: row.title },
            ...kind.slots.map((slot) => ({
              label: slot.label,
              value: fileNameOf(String((row as Row)[slot.href] ?? "")),
            })),
          ],
          added: `Добавлен ${kind.words.row} (${group.title})`,
          removed: `Удалён ${kind.words.row} (${group.title})`,
          order: `Порядок (${group.title})`,
        }),
      );
    }
    return changes;
  };
}
