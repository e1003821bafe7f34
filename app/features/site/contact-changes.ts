/**
 * What one edition of the contacts changed against the one before, in words («История»,
 * decision 0031): the phone, the address, the note; each row of the working hours, of the
 * contacts table's groups and of the legal details added, removed or changed field by field.
 */

import type { ContactRow, ContactsContent } from "../../../domain/site-content/contacts-content.ts";
import { fileNameOf } from "../../../domain/site-content/site-files.ts";
import { changedFields, type FieldChange, listChanges } from "./field-change.ts";

const rowWords = (where: string) => ({
  added: `${where}: строка добавлена`,
  removed: `${where}: строка удалена`,
  order: `${where}: порядок строк`,
});

const contactFields = (row: ContactRow) => [
  { label: "Должность или отдел", value: row.title },
  { label: "Электронная почта", value: row.email },
  { label: "ФИО", value: row.fullName },
  { label: "Добавочный", value: row.extension },
  { label: "Выделена", value: row.bold ? "да" : "нет" },
];

/** Groups are matched by their place: the page has its fixed groups. */
function groupChanges<Row extends { id: string }>(
  before: readonly { title: string; rows: readonly Row[] }[],
  after: readonly { title: string; rows: readonly Row[] }[],
  words: { nameOf: (row: Row) => string; fields: (row: Row) => { label: string; value: string }[] },
): FieldChange[] {
  return after.flatMap((group, index) => {
    const old = before[index] ?? { title: "", rows: [] };
    return [
      ...changedFields(
        `Группа ${index + 1}`,
        [{ label: "Название", value: old.title }],
        [{ label: "Название", value: group.title }],
      ),
      ...listChanges(old.rows, group.rows, { ...words, ...rowWords(group.title) }),
    ];
  });
}

export function contactChanges(before: ContactsContent, after: ContactsContent): FieldChange[] {
  const texts = (content: ContactsContent) => [
    { label: "Телефон", value: content.phone },
    { label: "Адрес", value: content.address },
    { label: "Примечание к реквизитам", value: content.legal.note },
    {
      label: "Файл реквизитов",
      value: content.legal.requisites ? fileNameOf(content.legal.requisites.href) : "",
    },
  ];
  return [
    ...changedFields("Контакты", texts(before), texts(after)),
    ...listChanges(before.workingHours, after.workingHours, {
      nameOf: (row) => row.days,
      fields: (row) => [
        { label: "Дни", value: row.days },
        { label: "Часы", value: row.hours },
      ],
      ...rowWords("Режим работы"),
    }),
    ...groupChanges(before.groups, after.groups, {
      nameOf: (row) => row.title,
      fields: contactFields,
    }),
    ...groupChanges(before.legal.groups, after.legal.groups, {
      nameOf: (row) => row.label,
      fields: (row) => [
        { label: "Реквизит", value: row.label },
        { label: "Значение", value: row.value },
      ],
    }),
  ];
}
