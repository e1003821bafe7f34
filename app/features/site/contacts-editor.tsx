import {
  type ContactsFormValues,
  contactFieldName,
} from "../../../domain/site-content/contacts-form.ts";
import type { FormErrors } from "../../../domain/site-content/site-form.ts";
import { Choice, TextInput } from "../../components/staff/field/field.tsx";
import { AddItemButton, ListItemFieldset } from "./list-buttons.tsx";

/**
 * The contacts' fields in the shared editor form (site-editor-form.tsx): the phone and the
 * address (also in every page's footer), the working hours, each row of the contacts table's
 * three groups, and the legal details. Rows can be moved, removed and added (the form comes
 * back changed, nothing is stored). The requisites file is an upload, not edited here.
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
      <fieldset className="staff-form staff-stack">
        <legend>Телефон и адрес</legend>
        <p>Показываются на странице «Контакты» и внизу каждой страницы сайта.</p>
        <TextInput
          {...control("phone", "Телефон", values.phone)}
          hint="С кодом города, например (8332) 12-34-56"
          inputMode="tel"
          required
          maxLength={40}
        />
        <TextInput {...control("address", "Адрес", values.address)} required maxLength={300} />
      </fieldset>

      <fieldset className="staff-form staff-stack">
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
              required
              maxLength={100}
            />
            <TextInput
              {...row("wh", index, "hours", "Часы", hours.hours)}
              hint="Например: 8.00–17.00"
              required
              maxLength={100}
            />
          </ListItemFieldset>
        ))}
        <AddItemButton list="wh" label="Добавить строку режима работы" />
      </fieldset>

      <input type="hidden" name="gcount" value={values.groups.length} />
      {values.groups.map((group, groupIndex) => {
        const list = `g${groupIndex}`;
        return (
          <fieldset key={group.id} className="staff-form staff-stack">
            <legend>Сотрудники: {group.title || `группа ${groupIndex + 1}`}</legend>
            <input type="hidden" name={`${list}.id`} value={group.id} />
            <input type="hidden" name={`${list}count`} value={group.rows.length} />
            <TextInput
              {...control(`${list}.title`, "Название группы", group.title)}
              required
              maxLength={200}
            />
            {group.rows.map((contact, index) => (
              <ListItemFieldset
                key={contact.id}
                legend={`Строка ${index + 1}${contact.title ? `: ${contact.title}` : ""}`}
                idField={{ name: contactFieldName(list, index, "id"), value: contact.id }}
                buttons={{
                  list,
                  index,
                  count: group.rows.length,
                  remove: "Удалить строку",
                  itemName: `${group.title}, строка ${index + 1}`,
                }}
              >
                <TextInput
                  {...row(list, index, "title", "Должность или отдел", contact.title)}
                  required
                  maxLength={200}
                />
                <TextInput
                  {...row(list, index, "email", "Электронная почта", contact.email)}
                  inputMode="email"
                  required
                  maxLength={200}
                />
                <TextInput
                  {...row(list, index, "fullName", "ФИО", contact.fullName)}
                  hint="Необязательно"
                  maxLength={200}
                />
                <TextInput
                  {...row(list, index, "extension", "Добавочный номер", contact.extension)}
                  hint="Необязательно: от 2 до 5 цифр"
                  inputMode="numeric"
                  short
                />
                <Choice
                  type="checkbox"
                  name={contactFieldName(list, index, "bold")}
                  defaultChecked={contact.bold}
                  label="Выделить строку (руководитель)"
                />
              </ListItemFieldset>
            ))}
            <AddItemButton list={list} label={`Добавить строку: ${group.title}`} />
          </fieldset>
        );
      })}

      <fieldset className="staff-form staff-stack">
        <legend>Реквизиты</legend>
        <p>Файл реквизитов для скачивания здесь не меняется: он заменяется загрузкой файла.</p>
        <TextInput
          {...control("legalNote", "Примечание над реквизитами", values.legalNote)}
          hint="Необязательно: пустое поле на странице не показывается"
          maxLength={300}
        />
        <input type="hidden" name="lcount" value={values.legalGroups.length} />
        {values.legalGroups.map((group, groupIndex) => {
          const list = `l${groupIndex}`;
          return (
            <fieldset key={group.id} className="staff-form staff-stack">
              <legend>Реквизиты: {group.title || `группа ${groupIndex + 1}`}</legend>
              <input type="hidden" name={`${list}.id`} value={group.id} />
              <input type="hidden" name={`${list}count`} value={group.rows.length} />
              <TextInput
                {...control(`${list}.title`, "Название группы", group.title)}
                required
                maxLength={200}
              />
              {group.rows.map((detail, index) => (
                <ListItemFieldset
                  key={detail.id}
                  legend={`Строка ${index + 1}${detail.label ? `: ${detail.label}` : ""}`}
                  idField={{ name: contactFieldName(list, index, "id"), value: detail.id }}
                  buttons={{
                    list,
                    index,
                    count: group.rows.length,
                    remove: "Удалить строку",
                    itemName: `${group.title}, строка ${index + 1}`,
                  }}
                >
                  <TextInput
                    {...row(list, index, "label", "Реквизит", detail.label)}
                    required
                    maxLength={200}
                  />
                  <TextInput
                    {...row(list, index, "value", "Значение", detail.value)}
                    required
                    maxLength={300}
                  />
                </ListItemFieldset>
              ))}
              <AddItemButton list={list} label={`Добавить строку: ${group.title}`} />
            </fieldset>
          );
        })}
      </fieldset>
    </>
  );
}
