/**
 * The editor of a grouped list of files (the documents, the blank forms) as a plain form: each
 * group's id and title (`g<i>.title`), its rows (`r<i>.<j>.<field>`, `r<i>count` of them), each
 * file's address and facts in hidden fields, and a file input beside (`r<i>.<j>.<href>.upload`).
 * A file chosen is kept by the server when the form is posted, whatever button was pressed, and
 * its address goes into the values (decision 0036): a refused form never asks for it again.
 * List buttons: `add:g`, `remove:g:1` for groups, `add:r0`, `up:r0:2` for a group's rows.
 */
import type { z } from "zod";
import {
  type ApplicationsContent,
  applicationsContentSchema,
  applicationsKind,
  type DocumentsContent,
  documentsContentSchema,
  documentsKind,
  type FileListKind,
  maxGroups,
  maxRows,
} from "./file-lists-content.ts";
import { factsTextOf, uploadedFileFactsOf } from "./site-files.ts";
import {
  applyListChange,
  type FormCheck,
  formErrorsOf,
  freeId,
  type PageForm,
  readListChange,
  readRows,
} from "./site-form.ts";

/** A row's texts: `id` (for rows with ids), `title`, each file's address and facts (JSON). */
export type FileRowValues = Record<string, string>;
type FileGroupValues = { id: string; title: string; rows: FileRowValues[] };
export type FileListValues = { groups: FileGroupValues[] };

type Group = { id: string; title: string } & Record<string, unknown>;
type ListContent = { groups: Group[] };

export const groupFieldName = (group: number, field: string) => `g${group}.${field}`;
export const rowFieldName = (group: number, row: number, field: string) =>
  `r${group}.${row}.${field}`;
export const uploadFieldName = (group: number, row: number, href: string) =>
  `${rowFieldName(group, row, href)}.upload`;

/** The id a field's control takes on the page: dots are not welcome in a fragment. */
export const controlId = (name: string) => name.replaceAll(".", "-");

function rowFields(kind: FileListKind): string[] {
  return [
    ...(kind.rowIds ? ["id"] : []),
    "title",
    ...kind.slots.flatMap((slot) => [slot.href, slot.facts]),
  ];
}

function valuesOf(kind: FileListKind, content: ListContent): FileListValues {
  return {
    groups: content.groups.map((group) => ({
      id: group.id,
      title: group.title,
      rows: (group[kind.rows] as Record<string, unknown>[]).map((row) =>
        Object.fromEntries(
          rowFields(kind).map((field) => {
            const value = row[field];
            const text =
              value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);
            return [field, text];
          }),
        ),
      ),
    })),
  };
}

function read(kind: FileListKind, fields: URLSearchParams): FileListValues {
  const groups = readRows(fields, "g", ["id", "title"] as const, {
    max: maxGroups,
    nameOf: (_list, index, field) => groupFieldName(index, field),
  });
  return {
    groups: groups.map((group, index) => ({
      ...group,
      rows: readRows(fields, `r${index}`, rowFields(kind), {
        max: maxRows,
        nameOf: (_list, row, field) => rowFieldName(index, row, field),
      }),
    })),
  };
}

function change(kind: FileListKind, values: FileListValues, intent: string) {
  const list = readListChange(intent);
  if (!list) return undefined;
  if (list.list === "g") {
    const make = (taken: readonly { id: string }[]) => ({
      id: freeId("group", taken),
      title: "",
      rows: [emptyRow(kind, [])],
    });
    return { groups: applyListChange(values.groups, list, { max: maxGroups, make }) };
  }
  const group = /^r(\d+)$/.exec(list.list);
  const index = Number(group?.[1] ?? -1);
  const target = values.groups[index];
  if (!target) return undefined;
  const rows = applyListChange(target.rows, list, {
    max: maxRows,
    make: (taken) => emptyRow(kind, taken),
  });
  return { groups: values.groups.with(index, { ...target, rows }) };
}

function emptyRow(kind: FileListKind, taken: readonly FileRowValues[]): FileRowValues {
  const row = Object.fromEntries(rowFields(kind).map((field) => [field, ""]));
  if (kind.rowIds) {
    row.id = freeId(
      "form",
      taken.map((item) => ({ id: item.id ?? "" })),
    );
  }
  return row;
}

function check<Content>(
  kind: FileListKind,
  schema: z.ZodType<Content>,
  values: FileListValues,
): FormCheck<Content> {
  const parsed = schema.safeParse({
    groups: values.groups.map((group) => ({
      id: group.id,
      title: group.title,
      [kind.rows]: group.rows.map((row) => {
        const content: Record<string, unknown> = {};
        if (kind.rowIds) content.id = row.id;
        content.title = row.title;
        for (const slot of kind.slots) {
          content[slot.href] = row[slot.href] ?? "";
          const facts = uploadedFileFactsOf(row[slot.facts] ?? "");
          if (facts !== undefined) content[slot.facts] = facts;
        }
        return content;
      }),
    })),
  });
  if (parsed.success) return { ok: true, content: parsed.data };
  const nameOf = (path: readonly PropertyKey[]): string | undefined => {
    const [, group, part, row, field] = path;
    if (typeof group !== "number") return undefined;
    if (part === "title" || part === "id") return groupFieldName(group, part);
    if (part !== kind.rows) return undefined;
    // A group without rows: the complaint goes beside the group's title.
    if (typeof row !== "number") return groupFieldName(group, "title");
    const slot = kind.slots.find((item) => item.href === field || item.facts === field);
    if (slot) return uploadFieldName(group, row, slot.href);
    return typeof field === "string" ? rowFieldName(group, row, field) : undefined;
  };
  return { ok: false, errors: formErrorsOf(parsed.error.issues, nameOf) };
}

function place(kind: FileListKind, name: string) {
  const group = /^g(\d+)\.(\w+)$/.exec(name);
  if (group) {
    return { id: controlId(name), label: `Группа ${Number(group[1]) + 1}: название` };
  }
  const row = /^r(\d+)\.(\d+)\.(\w+)(\.upload)?$/.exec(name);
  if (!row) return { id: controlId(name), label: name };
  const [, groupIndex = "0", rowIndex = "0", field = ""] = row;
  const slot = kind.slots.find((item) => item.href === field);
  const what = slot ? slot.label.toLowerCase() : field === "title" ? "название" : field;
  return {
    id: controlId(name),
    label: `Группа ${Number(groupIndex) + 1}, ${kind.words.row} ${Number(rowIndex) + 1}: ${what}`,
  };
}

function fileListForm<Content>(
  kind: FileListKind,
  schema: z.ZodType<Content>,
): PageForm<Content, FileListValues> {
  const uploadPlace = (field: string) => {
    const match = /^r(\d+)\.(\d+)\.(\w+)\.upload$/.exec(field);
    const slot = kind.slots.find((item) => item.href === match?.[3]);
    if (!match || !slot) return undefined;
    return { group: Number(match[1]), row: Number(match[2]), slot };
  };
  return {
    valuesOf: (content) => valuesOf(kind, content as ListContent),
    read: (fields) => read(kind, fields),
    change: (values, intent) => change(kind, values, intent),
    check: (values) => check(kind, schema, values),
    place: (name) => place(kind, name),
    files: {
      accepts(field) {
        const found = uploadPlace(field);
        return found ? { formats: found.slot.formats, label: found.slot.label } : undefined;
      },
      attach(values, field, file) {
        const found = uploadPlace(field);
        const group = found ? values.groups[found.group] : undefined;
        const row = found ? group?.rows[found.row] : undefined;
        if (!found || !group || !row) return values;
        const kept = {
          ...row,
          [found.slot.href]: file.href,
          [found.slot.facts]: factsTextOf(file),
        };
        return {
          groups: values.groups.with(found.group, {
            ...group,
            rows: group.rows.with(found.row, kept),
          }),
        };
      },
    },
  };
}

export const documentsForm: PageForm<DocumentsContent, FileListValues> = fileListForm(
  documentsKind,
  documentsContentSchema,
);

export const applicationsForm: PageForm<ApplicationsContent, FileListValues> = fileListForm(
  applicationsKind,
  applicationsContentSchema,
);
