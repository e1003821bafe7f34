/**
 * The contacts' editor as a plain form (no JavaScript): the phone, the e-mail, the address, the
 * map's point (`latitude`, `longitude`) and the legal details' note by name; the working hours as
 * `wh<i>.<field>`; the contacts table's group `i` as `g<i>.title` with its rows `g<i>r<j>.<field>`; the legal details' group `i` as `l<i>.title`
 * with rows `l<i>r<j>.<field>`. Each list has its own buttons (`add:wh`, `remove:g1:4`, `up:l0:2`).
 */
import {
  type ContactRow,
  type ContactsContent,
  contactsContentSchema,
  maxRows,
  requisitesFormats,
} from "./contacts-content.ts";
import { contactFieldName, nameOf, pointOf, requisitesUpload } from "./contacts-form-names.ts";
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

type ContactRowValues = ContactRow;
type HoursRowValues = { id: string; days: string; hours: string };
type LegalRowValues = { id: string; label: string; value: string };

export type ContactsFormValues = {
  phone: string;
  /** Empty: an edition stored before the e-mail was editable, the build's is shown. */
  email: string;
  address: string;
  /** The map's point as typed; empty: an older edition's, the build's point is shown. */
  latitude: string;
  longitude: string;
  legalNote: string;
  workingHours: HoursRowValues[];
  groups: { id: string; title: string; rows: ContactRowValues[] }[];
  legalGroups: { id: string; title: string; rows: LegalRowValues[] }[];
  /** The requisites file uploaded (its address and facts); empty: the build's file. */
  requisitesHref: string;
  requisitesFile: string;
};

const contactFields = ["id", "title", "email", "fullName", "extension"] as const;
const hoursFields = ["id", "days", "hours"] as const;
const legalFields = ["id", "label", "value"] as const;
const maxGroups = 6;

export function contactFormValues(content: ContactsContent): ContactsFormValues {
  return {
    phone: content.phone,
    email: content.email ?? "",
    address: content.address,
    latitude: content.point ? String(content.point.latitude) : "",
    longitude: content.point ? String(content.point.longitude) : "",
    legalNote: content.legal.note,
    workingHours: content.workingHours,
    groups: content.groups,
    legalGroups: content.legal.groups,
    requisitesHref: content.legal.requisites?.href ?? "",
    requisitesFile: content.legal.requisites?.file
      ? JSON.stringify(content.legal.requisites.file)
      : "",
  };
}

/** The fields a browser posts for these values (a checkbox left out when not ticked). */
export function contactFormFields(values: ContactsFormValues): Record<string, string> {
  const fields: Record<string, string> = {
    phone: values.phone,
    email: values.email,
    address: values.address,
    latitude: values.latitude,
    longitude: values.longitude,
    legalNote: values.legalNote,
    whcount: String(values.workingHours.length),
    gcount: String(values.groups.length),
    lcount: String(values.legalGroups.length),
    requisitesHref: values.requisitesHref,
    requisitesFile: values.requisitesFile,
  };
  const rows = <Row>(list: string, items: readonly Row[], names: readonly (keyof Row)[]) => {
    fields[`${list}count`] = String(items.length);
    items.forEach((item, index) => {
      for (const name of names) {
        fields[contactFieldName(list, index, String(name))] = String(item[name]);
      }
    });
  };
  rows("wh", values.workingHours, hoursFields);
  values.groups.forEach((group, index) => {
    fields[`g${index}.id`] = group.id;
    fields[`g${index}.title`] = group.title;
    rows(`g${index}`, group.rows, contactFields);
    group.rows.forEach((row, at) => {
      if (row.bold) fields[contactFieldName(`g${index}`, at, "bold")] = "on";
    });
  });
  values.legalGroups.forEach((group, index) => {
    fields[`l${index}.id`] = group.id;
    fields[`l${index}.title`] = group.title;
    rows(`l${index}`, group.rows, legalFields);
  });
  return fields;
}

const countOf = (fields: URLSearchParams, name: string, max: number) =>
  Math.min(Number.parseInt(fields.get(name) ?? "0", 10) || 0, max);

const rowsOf = <Field extends string>(
  fields: URLSearchParams,
  list: string,
  names: readonly Field[],
) => readRows(fields, list, names, { max: maxRows, nameOf: contactFieldName });

export function readContactValues(fields: URLSearchParams): ContactsFormValues {
  const text = (name: string) => fields.get(name) ?? "";
  return {
    phone: text("phone"),
    email: text("email"),
    address: text("address"),
    latitude: text("latitude"),
    longitude: text("longitude"),
    legalNote: text("legalNote"),
    workingHours: rowsOf(fields, "wh", hoursFields),
    groups: Array.from({ length: countOf(fields, "gcount", maxGroups) }, (_, index) => ({
      id: text(`g${index}.id`),
      title: text(`g${index}.title`),
      rows: rowsOf(fields, `g${index}`, contactFields).map((row, at) => ({
        ...row,
        bold: fields.get(contactFieldName(`g${index}`, at, "bold")) === "on",
      })),
    })),
    legalGroups: Array.from({ length: countOf(fields, "lcount", maxGroups) }, (_, index) => ({
      id: text(`l${index}.id`),
      title: text(`l${index}.title`),
      rows: rowsOf(fields, `l${index}`, legalFields),
    })),
    requisitesHref: text("requisitesHref"),
    requisitesFile: text("requisitesFile"),
  };
}

/** The requisites file posted, if one was uploaded: none keeps the build's file. */
function requisitesOf(values: ContactsFormValues) {
  if (values.requisitesHref.trim() === "") return {};
  const file = uploadedFileFactsOf(values.requisitesFile);
  return { requisites: { href: values.requisitesHref, ...(file ? { file } : {}) } };
}

export function checkContactValues(values: ContactsFormValues): FormCheck<ContactsContent> {
  const parsed = contactsContentSchema.safeParse({
    phone: values.phone,
    ...(values.email.trim() === "" ? {} : { email: values.email.trim() }),
    address: values.address,
    ...pointOf(values.latitude, values.longitude),
    workingHours: values.workingHours,
    groups: values.groups.map((group) => ({
      ...group,
      rows: group.rows.map((row) => ({ ...row, extension: row.extension.trim() })),
    })),
    legal: {
      note: values.legalNote,
      groups: values.legalGroups,
      ...requisitesOf(values),
    },
  });
  if (parsed.success) return { ok: true, content: parsed.data };
  return { ok: false, errors: formErrorsOf(parsed.error.issues, nameOf) };
}

const fieldLabels: Record<string, string> = {
  days: "дни",
  hours: "часы",
  title: "должность или отдел",
  email: "электронная почта",
  fullName: "ФИО",
  extension: "добавочный",
  label: "реквизит",
  value: "значение",
};

/** A new row of a list: every field empty, an id of its own. */
type NewRow = (taken: readonly { id: string }[]) => { id: string };

function newRow(list: string): NewRow | undefined {
  const empty =
    (names: readonly string[]): NewRow =>
    (taken) => ({
      ...Object.fromEntries(names.map((name) => [name, ""])),
      id: freeId("row", taken),
    });
  if (list === "wh") return empty(hoursFields);
  if (/^g\d$/.test(list)) return (taken) => ({ ...empty(contactFields)(taken), bold: false });
  if (/^l\d$/.test(list)) return empty(legalFields);
  return undefined;
}

export const contactsForm: PageForm<ContactsContent, ContactsFormValues> = {
  valuesOf: contactFormValues,
  read: readContactValues,
  change(values, intent) {
    const change = readListChange(intent);
    const make = change ? newRow(change.list) : undefined;
    if (!change || !make) return undefined;
    const limits = { max: change.list === "wh" ? 7 : maxRows, make };
    if (change.list === "wh") {
      return {
        ...values,
        workingHours: applyListChange(values.workingHours, change, limits) as HoursRowValues[],
      };
    }
    const index = Number(change.list.slice(1));
    const key = change.list.startsWith("g") ? "groups" : "legalGroups";
    const groups = values[key] as { rows: { id: string }[] }[];
    if (!groups[index]) return undefined;
    return {
      ...values,
      [key]: groups.map((group, at) =>
        at === index ? { ...group, rows: applyListChange(group.rows, change, limits) } : group,
      ),
    };
  },
  check: checkContactValues,
  nameAt: nameOf,
  files: {
    accepts: (field) =>
      field === requisitesUpload
        ? { formats: requisitesFormats, label: "Файл реквизитов" }
        : undefined,
    attach: (values, field, file) =>
      field === requisitesUpload
        ? {
            ...values,
            requisitesHref: file.href,
            requisitesFile: factsTextOf(file),
          }
        : values,
  },
  place(name) {
    const scalar: Record<string, string> = {
      phone: "Телефон",
      email: "Электронная почта",
      address: "Адрес",
      latitude: "Широта",
      longitude: "Долгота",
      legalNote: "Примечание к реквизитам",
      [requisitesUpload]: "Файл реквизитов",
    };
    if (scalar[name]) return { id: `contacts-${name.replace(".", "-")}`, label: scalar[name] };
    const groupTitle = /^([gl])(\d)\.title$/.exec(name);
    if (groupTitle) {
      const [, kind, index = "0"] = groupTitle;
      const part = kind === "g" ? "Сотрудники" : "Реквизиты";
      return { id: `${kind}${index}-title`, label: `${part}, группа ${Number(index) + 1}` };
    }
    const row = /^(wh|[gl]\d)r?(\d+)\.(\w+)$/.exec(name);
    const [, list = "", at = "0", field = ""] = row ?? [];
    const part =
      list === "wh"
        ? "Режим работы"
        : `${list.startsWith("g") ? "Сотрудники" : "Реквизиты"}, группа ${Number(list.slice(1)) + 1}`;
    return {
      id: name.replace(".", "-"),
      label: `${part}, строка ${Number(at) + 1}, ${fieldLabels[field] ?? field}`,
    };
  },
};
