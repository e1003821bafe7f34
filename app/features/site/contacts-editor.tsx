import type { ComponentProps, ReactNode } from "react";
import { legalDetails } from "../../../content/contacts.ts";
import { inputConstraints } from "../../../domain/forms/input-constraints.ts";
import {
  contactsContentSchema,
  kirovRegionBox,
  requisitesFormats,
} from "../../../domain/site-content/contacts-content.ts";
import {
  type ContactsFormValues,
  contactsForm,
} from "../../../domain/site-content/contacts-form.ts";
import {
  contactFieldName,
  requisitesUpload,
} from "../../../domain/site-content/contacts-form-names.ts";
import type { FormErrors } from "../../../domain/site-content/site-form.ts";
import { Choice, TextInput } from "../../components/staff/field/field.tsx";
import { AddItemButton, ListItemFieldset } from "./list-buttons.tsx";
import type { EditorPart } from "./site-editor-form.tsx";
import { UploadField } from "./upload-field.tsx";

/** A field's limits, as contactsContentSchema checks them on the server. */
const checked = (...path: string[]) => inputConstraints(contactsContentSchema, ...path);

/**
 * The contacts' fields in the shared editor form (site-editor-form.tsx): the phone and the
 * address (also in every page's footer), the working hours, each row of the contacts table's
 * three groups, and the legal details. Rows can be moved, removed and added (the form comes
 * back changed, nothing is stored). The requisites file is an upload (decision 0036).
 */
export function ContactsFields({
  values,
  errors,
}: {
  values: ContactsFormValues;
  errors: FormErrors | undefined;
}) {
  /** A control's props for the field posted as `name`. */
  const control = (name: string, label: string, value: string) => ({
    id: name.includes(".") ? name.replace(".", "-") : `contacts-${name}`,
    name,
    label,
    defaultValue: value,
    error: errors?.byField[name],
  });
  const row = (list: string, index: number, field: string, label: string, value: string) =>
    control(contactFieldName(list, index, field), label, value);
  return (
    <>
      <fieldset id="contacts-part-phone" className="staff-form staff-stack">
        <legend>Телефон и адрес</legend>
        <p>Показываются на странице «Контакты» и внизу каждой страницы сайта.</p>
        <TextInput
          {...control("phone", "Телефон", values.phone)}
          hint="С кодом города, например (8332) 12-34-56"
          inputMode="tel"
          {...checked("phone")}
        />
        <TextInput
          {...control("email", "Электронная почта", values.email)}
          hint="Для писем гражданам и страницы «Контакты», например info@example.ru"
          type="email"
          inputMode="email"
          maxLength={200}
        />
        <TextInput {...control("address", "Адрес", values.address)} {...checked("address")} />
        {/* The map's point beside the address (issue 43): the map of /contacts and the data
            search engines read follow it. Text, not type=number: a comma is typed too. */}
        <TextInput
          {...control("latitude", "Широта точки на карте", values.latitude)}
          hint={`Градусы, например 58.6035; в Кировской области от ${kirovRegionBox.south} до ${kirovRegionBox.north}`}
          inputMode="decimal"
          maxLength={20}
          short
        />
        <TextInput
          {...control("longitude", "Долгота точки на карте", values.longitude)}
          hint={`Градусы, например 49.668; в Кировской области от ${kirovRegionBox.west} до ${kirovRegionBox.east}`}
          inputMode="decimal"
          maxLength={20}
          short
        />
      </fieldset>

      <fieldset id="contacts-part-hours" className="staff-form staff-stack">
        <legend>Режим работы</legend>
        <input type="hidden" name="whcount" value={values.workingHours.length} />
        {values.workingHours.map((hours, index) => (
          <ListItemFieldset
            key={hours.id}
            legend={`Строка ${index + 1}${hours.days ? `: ${hours.days}` : ""}`}
            idField={{ name: contactFieldName("wh", index, "id"), value: hours.id }}
            buttons={{
              list: "wh",
              index,
              count: values.workingHours.length,
              remove: "Удалить строку",
              itemName: `режим работы, строка ${index + 1}`,
            }}
          >
            <TextInput
              {...row("wh", index, "days", "Дни", hours.days)}
              hint="Например: Понедельник — четверг, или Обед"
              {...checked("workingHours", "days")}
            />
            <TextInput
              {...row("wh", index, "hours", "Часы", hours.hours)}
              hint="Например: 8.00–17.00"
              {...checked("workingHours", "hours")}
            />
          </ListItemFieldset>
        ))}
        <AddItemButton list="wh" label="Добавить строку режима работы" />
      </fieldset>

      <input type="hidden" name="gcount" value={values.groups.length} />
      {values.groups.map((group, groupIndex) => (
        <RowGroupFieldset
          key={group.id}
          part="Сотрудники"
          list={`g${groupIndex}`}
          group={group}
          titleControl={{
            ...control(`g${groupIndex}.title`, "Название группы", group.title),
            ...checked("groups", "title"),
          }}
          nameOf={(contact) => contact.title}
          fields={(contact, index) => {
            const list = `g${groupIndex}`;
            return (
              <>
                <TextInput
                  {...row(list, index, "title", "Должность или отдел", contact.title)}
                  {...checked("groups", "rows", "title")}
                />
                <TextInput
                  {...row(list, index, "email", "Электронная почта", contact.email)}
                  inputMode="email"
                  {...checked("groups", "rows", "email")}
                />
                <TextInput
                  {...row(list, index, "fullName", "ФИО", contact.fullName)}
                  hint="Необязательно"
                  {...checked("groups", "rows", "fullName")}
                />
                <TextInput
                  {...row(list, index, "extension", "Добавочный номер", contact.extension)}
                  hint="Необязательно: от 2 до 5 цифр"
                  inputMode="numeric"
                  {...checked("groups", "rows", "extension")}
                  short
                />
                <Choice
                  type="checkbox"
                  name={contactFieldName(list, index, "bold")}
                  defaultChecked={contact.bold}
                  label="Выделить строку (руководитель)"
                />
              </>
            );
          }}
        />
      ))}

      <fieldset id="contacts-part-legal" className="staff-form staff-stack">
        <legend>Реквизиты</legend>
        <UploadField
          id={contactsForm.place(requisitesUpload).id}
          name={requisitesUpload}
          label="Файл реквизитов для скачивания"
          hidden={{
            href: { name: "requisitesHref", value: values.requisitesHref },
            facts: { name: "requisitesFile", value: values.requisitesFile },
          }}
          buildHref={legalDetails.download.href}
          formats={requisitesFormats}
          error={errors?.byField[requisitesUpload]}
        />
        <TextInput
          {...control("legalNote", "Примечание над реквизитами", values.legalNote)}
          hint="Необязательно: пустое поле на странице не показывается"
          {...checked("legal", "note")}
        />
        <input type="hidden" name="lcount" value={values.legalGroups.length} />
        {values.legalGroups.map((group, groupIndex) => (
          <RowGroupFieldset
            key={group.id}
            part="Реквизиты"
            list={`l${groupIndex}`}
            group={group}
            titleControl={{
              ...control(`l${groupIndex}.title`, "Название группы", group.title),
              ...checked("legal", "groups", "title"),
            }}
            nameOf={(detail) => detail.label}
            fields={(detail, index) => (
              <>
                <TextInput
                  {...row(`l${groupIndex}`, index, "label", "Реквизит", detail.label)}
                  {...checked("legal", "groups", "rows", "label")}
                />
                <TextInput
                  {...row(`l${groupIndex}`, index, "value", "Значение", detail.value)}
                  {...checked("legal", "groups", "rows", "value")}
                />
              </>
            )}
          />
        ))}
      </fieldset>
    </>
  );
}

/**
 * The contacts editor's parts for its contents list (site-editor-form.tsx), by their fieldsets'
 * ids: the phone and address, the hours, each group of the contacts table, the legal details.
 */
export const contactsParts = (values: ContactsFormValues): EditorPart[] => [
  { id: "contacts-part-phone", title: "Телефон и адрес" },
  { id: "contacts-part-hours", title: "Режим работы" },
  ...values.groups.map((group, index) => ({
    id: `g${index}-part`,
    title: `Сотрудники: ${group.title || "группа без названия"}`,
  })),
  { id: "contacts-part-legal", title: "Реквизиты" },
];

/**
 * One group of rows (of the contacts table, of the legal details): its title, each row in its
 * fieldset with the list buttons, and «Добавить строку».
 */
function RowGroupFieldset<Row extends { id: string }>({
  part,
  list,
  group,
  titleControl,
  nameOf,
  fields,
}: {
  part: string;
  list: string;
  group: { id: string; title: string; rows: readonly Row[] };
  /** The title's control, its limits included. */
  titleControl: ComponentProps<typeof TextInput>;
  nameOf: (row: Row) => string;
  fields: (row: Row, index: number) => ReactNode;
}) {
  return (
    <fieldset id={`${list}-part`} className="staff-form staff-stack">
      <legend>
        {part}: {group.title || "группа без названия"}
      </legend>
      <input type="hidden" name={`${list}.id`} value={group.id} />
      <input type="hidden" name={`${list}count`} value={group.rows.length} />
      <TextInput {...titleControl} />
      {group.rows.map((item, index) => (
        <ListItemFieldset
          key={item.id}
          legend={`Строка ${index + 1}${nameOf(item) ? `: ${nameOf(item)}` : ""}`}
          idField={{ name: contactFieldName(list, index, "id"), value: item.id }}
          buttons={{
            list,
            index,
            count: group.rows.length,
            remove: "Удалить строку",
            itemName: `${group.title}, строка ${index + 1}`,
          }}
        >
          {fields(item, index)}
        </ListItemFieldset>
      ))}
      <AddItemButton list={list} label={`Добавить строку: ${group.title}`} />
    </fieldset>
  );
}
