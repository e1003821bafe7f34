/**
 * What every page's editor form shares (issue 28): a page brings its own form reader and checker
 * (`PageForm`, one per page: vacancies-form.ts, prices-form.ts, contacts-form.ts); the errors'
 * shape, the list buttons (add, remove, move up and down) and the reading of a schema's
 * complaints field by field are written here once. Plain forms, no JavaScript: list buttons post
 * the form and get it back changed, nothing stored until a saving button is pressed.
 */
import type { z } from "zod";
import type { SiteFileFormat, UploadedSiteFile } from "./site-files.ts";

export type FormErrors = {
  /** The field's input name -> its message, shown beside it and in the summary. */
  byField: Record<string, string>;
  /** Messages about the content as a whole. */
  general: string[];
};

export type FormCheck<Content> = { ok: true; content: Content } | { ok: false; errors: FormErrors };

/** How a field appears on the page: the id its control takes and the words naming it. */
export type FieldPlace = { id: string; label: string };

/**
 * One editable page's form: content -> the values shown, the values posted, a list button's
 * change, and the values checked into content or refused field by field. Methods, so a registry
 * of every page's form can hold them under one type.
 */
export type PageForm<Content, Values> = {
  valuesOf(content: Content): Values;
  read(fields: URLSearchParams): Values;
  /** The values changed by a list button (`add`, `remove:2`…); undefined: not a list button. */
  change(values: Values, intent: string): Values | undefined;
  check(values: Values): FormCheck<Content>;
  /**
   * The same check of a long form (200 announcements) in steps, `turn` given between them
   * (stepped-parse.ts): what the server's action uses where a form may be megabytes.
   */
  checkInSteps?(values: Values, turn: () => Promise<void>): Promise<FormCheck<Content>>;
  /** Where the field posted as `name` is, for the error summary's link. */
  place(name: string): FieldPlace;
  /**
   * The name of the field that edits the content at `path` (a key and list positions from the
   * top, as a schema's complaint or «Что заполнить» gives it); undefined: no one field does.
   */
  nameAt?(path: readonly PropertyKey[]): string | undefined;
  /** A form with file inputs (decision 0036): what each takes, and the values with a file kept. */
  files?: FileSlots<Values>;
};

/** The file inputs of a page's form. */
type FileSlots<Values> = {
  /** The types the input posted as `field` takes and its words; undefined: no such input. */
  accepts(field: string): { formats: readonly SiteFileFormat[]; label: string } | undefined;
  /** The values with the file just kept in the place of the input `field`. */
  attach(values: Values, field: string, file: UploadedSiteFile): Values;
};

/** A change of a list's shape, asked by one of the form's small buttons. */
export type ListChange =
  | { kind: "add"; list: string }
  | { kind: "remove" | "up" | "down"; list: string; index: number };

/**
 * `add`, `remove:3`, `up:0`; a form with several lists names one: `add:p1`, `remove:p1:3`.
 * The default list's name is empty.
 */
export function readListChange(intent: string): ListChange | undefined {
  const match = /^(add|remove|up|down)(?::([a-z][a-z0-9]{0,15}))?(?::(\d{1,3}))?$/.exec(intent);
  if (!match) return undefined;
  const [, kind, list = "", index] = match;
  if (kind === "add") return index === undefined ? { kind: "add", list } : undefined;
  if (index === undefined) return undefined;
  return { kind: kind as "remove" | "up" | "down", list, index: Number(index) };
}

/** The list after the change: a new item (`make`) at the end, one removed or swapped. */
export function applyListChange<Item>(
  items: readonly Item[],
  change: ListChange,
  limits: { max: number; make: (taken: readonly Item[]) => Item },
): Item[] {
  const list = [...items];
  if (change.kind === "add") {
    if (list.length < limits.max) list.push(limits.make(list));
    return list;
  }
  const { index } = change;
  if (index >= list.length) return list;
  if (change.kind === "remove") {
    list.splice(index, 1);
    return list;
  }
  const other = change.kind === "up" ? index - 1 : index + 1;
  if (other >= 0 && other < list.length) {
    [list[index], list[other]] = [list[other] as Item, list[index] as Item];
  }
  return list;
}

/** The first `prefix-<n>` not taken: a stable id for a new item of a list. */
export function freeId(prefix: string, taken: readonly { id: string }[]): string {
  const ids = new Set(taken.map((item) => item.id));
  let number = taken.length + 1;
  while (ids.has(`${prefix}-${number}`)) number++;
  return `${prefix}-${number}`;
}

/**
 * A schema's complaints as form errors: `nameOf` turns an issue's path into the input's name
 * (undefined: a complaint about the whole, shown in the summary only). The first message of a
 * field wins.
 */
export function formErrorsOf(
  issues: readonly z.core.$ZodIssue[],
  nameOf: (path: readonly PropertyKey[]) => string | undefined,
): FormErrors {
  const errors: FormErrors = { byField: {}, general: [] };
  for (const issue of issues) {
    const name = nameOf(issue.path);
    if (name === undefined) errors.general.push(issue.message);
    else errors.byField[name] ??= issue.message;
  }
  return errors;
}

/** '45 000', '45000 ₽', '996 руб.' -> a number; anything else is kept as text to be refused. */
export function rublesOf(text: string): number | string {
  const digits = text.replace(/[\s\u00A0\u202F]|₽|руб\.?/g, "");
  return /^\d{1,9}$/.test(digits) ? Number(digits) : text;
}

/**
 * The rows of a list as posted: `<list>count` of them (at most `max`), each field read by the
 * name `nameOf` gives it (empty when absent).
 */
export function readRows<Field extends string>(
  fields: URLSearchParams,
  list: string,
  names: readonly Field[],
  limits: { max: number; nameOf: (list: string, index: number, field: string) => string },
): Record<Field, string>[] {
  const posted = Number.parseInt(fields.get(`${list}count`) ?? "0", 10) || 0;
  return Array.from(
    { length: Math.min(posted, limits.max) },
    (_, index) =>
      Object.fromEntries(
        names.map((field) => [field, fields.get(limits.nameOf(list, index, field)) ?? ""]),
      ) as Record<Field, string>,
  );
}

/** A textarea's lines, trimmed, the empty ones left out: one term, one paragraph a line. */
export const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
