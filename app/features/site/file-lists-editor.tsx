import { inputConstraints } from "../../../domain/forms/input-constraints.ts";
import {
  applicationsContentSchema,
  documentsContentSchema,
  type FileListKind,
  type FileSlot,
} from "../../../domain/site-content/file-lists-content.ts";
import {
  controlId,
  type FileListValues,
  type FileRowValues,
  groupFieldName,
  rowFieldName,
  uploadFieldName,
} from "../../../domain/site-content/file-lists-form.ts";
import type { FormErrors } from "../../../domain/site-content/site-form.ts";
import { TextInput } from "../../components/staff/field/field.tsx";
import { AddItemButton, ListItemButtons } from "./list-buttons.tsx";
import type { EditorPart } from "./site-editor-form.tsx";
import { UploadField } from "./upload-field.tsx";

/** A list of files' parts for its editor's contents list: each group's fieldset. */
export const fileListParts = (values: FileListValues): EditorPart[] =>
  values.groups.map((group, index) => ({
    id: `files-group-${index}`,
    title: `Группа ${index + 1}${group.title ? `: ${group.title}` : ""}`,
  }));

/** A field's limits, as the list's schema checks them on the server. */
const checked = (kind: FileListKind, ...path: string[]) =>
  inputConstraints(
    kind.page === "documents" ? documentsContentSchema : applicationsContentSchema,
    "groups",
    ...path,
  );

/**
 * The fields of a grouped list of files (the documents, the blank forms) in the shared editor
 * form: each group's title, its rows with their titles and files (the current one linked, a file
 * input to replace it, the warnings its upload raised), and the buttons to add, move and remove
 * groups and rows. A file chosen is kept when the form is posted by any button (decision 0036).
 */
export function fileListFields(kind: FileListKind) {
  return function FileListFields({
    values,
    errors,
  }: {
    values: FileListValues;
    errors: FormErrors | undefined;
  }) {
    const errorOf = (name: string) => errors?.byField[name];
    return (
      <>
        <input type="hidden" name="gcount" value={values.groups.length} />
        {values.groups.map((group, groupIndex) => {
          const name = (field: string) => groupFieldName(groupIndex, field);
          return (
            <fieldset
              key={group.id}
              id={`files-group-${groupIndex}`}
              className="staff-form staff-stack"
            >
              <legend>
                Группа {groupIndex + 1}
                {group.title ? `: ${group.title}` : ""}
              </legend>
              <input type="hidden" name={name("id")} value={group.id} />
              <TextInput
                id={controlId(name("title"))}
                name={name("title")}
                label="Название группы"
                {...checked(kind, "title")}
                defaultValue={group.title}
                error={errorOf(name("title"))}
              />
              <input type="hidden" name={`r${groupIndex}count`} value={group.rows.length} />
              {group.rows.map((row, rowIndex) => (
                <RowFieldset
                  // Rows without ids of their own: the form is rendered anew on every post.
                  key={row.id || rowIndex}
                  kind={kind}
                  row={row}
                  groupIndex={groupIndex}
                  rowIndex={rowIndex}
                  count={group.rows.length}
                  errorOf={errorOf}
                />
              ))}
              <AddItemButton list={`r${groupIndex}`} label={kind.words.addRow} />
              <ListItemButtons
                list="g"
                index={groupIndex}
                count={values.groups.length}
                remove="Удалить группу"
                itemName={`группа ${groupIndex + 1}`}
              />
            </fieldset>
          );
        })}
        <AddItemButton list="g" label="Добавить группу" />
      </>
    );
  };
}

function RowFieldset({
  kind,
  row,
  groupIndex,
  rowIndex,
  count,
  errorOf,
}: {
  kind: FileListKind;
  row: FileRowValues;
  groupIndex: number;
  rowIndex: number;
  count: number;
  errorOf: (name: string) => string | undefined;
}) {
  const name = (field: string) => rowFieldName(groupIndex, rowIndex, field);
  const rowName = `${kind.words.row} ${rowIndex + 1}`;
  return (
    <fieldset className="staff-form staff-stack">
      <legend>
        {rowName[0]?.toUpperCase()}
        {rowName.slice(1)}
        {row.title ? `: ${row.title}` : ""}
      </legend>
      {kind.rowIds ? <input type="hidden" name={name("id")} value={row.id ?? ""} /> : null}
      <TextInput
        id={controlId(name("title"))}
        name={name("title")}
        label={`Название ${kind.words.rowGenitive}`}
        {...checked(kind, kind.rows, "title")}
        defaultValue={row.title}
        error={errorOf(name("title"))}
      />
      {kind.slots.map((slot) => (
        <FileSlotField
          key={slot.href}
          slot={slot}
          row={row}
          groupIndex={groupIndex}
          rowIndex={rowIndex}
          error={errorOf(uploadFieldName(groupIndex, rowIndex, slot.href))}
        />
      ))}
      <ListItemButtons
        list={`r${groupIndex}`}
        index={rowIndex}
        count={count}
        remove={kind.words.removeRow}
        itemName={`группа ${groupIndex + 1}, ${rowName}`}
      />
    </fieldset>
  );
}

/** One file of a row: the current one, an input to replace it, its upload's warnings. */
function FileSlotField({
  slot,
  row,
  groupIndex,
  rowIndex,
  error,
}: {
  slot: FileSlot;
  row: FileRowValues;
  groupIndex: number;
  rowIndex: number;
  error: string | undefined;
}) {
  const upload = uploadFieldName(groupIndex, rowIndex, slot.href);
  const field = (name: string) => ({
    name: rowFieldName(groupIndex, rowIndex, name),
    value: row[name] ?? "",
  });
  return (
    <UploadField
      id={controlId(upload)}
      name={upload}
      label={slot.label}
      hidden={{ href: field(slot.href), facts: field(slot.facts) }}
      formats={slot.formats}
      error={error}
    />
  );
}
