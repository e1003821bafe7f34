import assert from "node:assert/strict";
import { test } from "node:test";
import { type ContactsContent, contactsContentSchema, phoneHref } from "./contacts-content.ts";
import {
  checkContactValues,
  contactFormFields,
  contactFormValues,
  contactsForm,
  readContactValues,
} from "./contacts-form.ts";
import { contactFieldName } from "./contacts-form-names.ts";

/** Contacts shaped as the page's (domain/ stands below content/: its own sample here). */
const sample: ContactsContent = {
  phone: "(8332) 00-00-00",
  address: "610000, г. Киров, ул. Примерная, д. 1",
  workingHours: [
    { id: "weekdays", days: "Пн — чт", hours: "8.00–17.00" },
    { id: "friday", days: "Пт", hours: "8.00–16.00" },
  ],
  groups: ["a", "b", "c"].map((id) => ({
    id,
    title: `Группа ${id}`,
    rows: [
      {
        id: `${id}-1`,
        title: "Руководитель",
        email: "x@example.ru",
        fullName: "",
        extension: "101",
        bold: true,
      },
      {
        id: `${id}-2`,
        title: "Отдел",
        email: "y@example.ru",
        fullName: "Имя",
        extension: "",
        bold: false,
      },
    ],
  })),
  legal: {
    note: "Образец.",
    groups: [
      { id: "codes", title: "Коды", rows: [{ id: "codes-1", label: "ИНН", value: "4300000000" }] },
    ],
  },
};

test("the contacts go through the form and back unchanged, the bold flag as a checkbox", () => {
  const fields = contactFormFields(contactFormValues(sample));
  assert.equal(fields[contactFieldName("g0", 0, "bold")], "on");
  assert.equal(fields[contactFieldName("g0", 1, "bold")], undefined);
  const read = readContactValues(new URLSearchParams(fields));
  const checked = checkContactValues(read);
  assert.ok(checked.ok);
  assert.deepEqual(checked.content, sample);
});

test("a phone is ten digits with the city code, written as typed; its tel: address from them", () => {
  for (const phone of ["(8332) 12-34-56", "8 (8332) 12-34-56", "+7 833 212 34 56"]) {
    const checked = checkContactValues({ ...contactFormValues(sample), phone });
    assert.ok(checked.ok, phone);
    assert.equal(checked.content.phone, phone);
    assert.equal(phoneHref(phone), "tel:+78332123456");
  }
  const refused = checkContactValues({ ...contactFormValues(sample), phone: "12-34-56" });
  assert.ok(!refused.ok);
  assert.equal(
    refused.errors.byField.phone,
    "Укажите телефон с кодом города: 10 цифр, например (8332) 12-34-56.",
  );
  assert.ok(contactsContentSchema.safeParse(sample).success);
});

test("each wrong field is named where it is on the form", () => {
  const values = contactFormValues(sample);
  const group = values.groups[1];
  const legal = values.legalGroups[0];
  const hours = values.workingHours[0];
  assert.ok(group && legal && hours);
  group.rows = group.rows.map((row, index) =>
    index === 1 ? { ...row, email: "не почта", extension: "1" } : row,
  );
  legal.rows = [{ id: "codes-1", label: "ИНН", value: " " }];
  values.workingHours = [{ ...hours, hours: "" }];
  values.address = "";
  const checked = checkContactValues(values);
  assert.ok(!checked.ok);
  assert.deepEqual(checked.errors.byField, {
    address: "Укажите адрес.",
    "wh0.hours": "Укажите часы.",
    "g1r1.email": "Укажите адрес электронной почты, например info@example.ru.",
    "g1r1.extension": "Добавочный номер: от 2 до 5 цифр.",
    "l0r0.value": "Укажите значение.",
  });
});

test("an error's field is found by its id and named in words", () => {
  assert.deepEqual(contactsForm.place("g1r1.email"), {
    id: "g1r1-email",
    label: "Сотрудники, группа 2, строка 2, электронная почта",
  });
  assert.deepEqual(contactsForm.place("wh0.hours"), {
    id: "wh0-hours",
    label: "Режим работы, строка 1, часы",
  });
  assert.deepEqual(contactsForm.place("phone"), { id: "contacts-phone", label: "Телефон" });
  assert.deepEqual(contactsForm.place("l0.title"), {
    id: "l0-title",
    label: "Реквизиты, группа 1",
  });
});

test("list buttons change the rows of the list they name only", () => {
  const values = contactFormValues(sample);
  const added = contactsForm.change(values, "add:g2");
  assert.equal(added?.groups[2]?.rows.length, 3);
  assert.equal(added?.groups[2]?.rows[2]?.bold, false);
  assert.deepEqual(added?.groups[0], values.groups[0]);
  const moved = contactsForm.change(values, "down:wh:0");
  assert.deepEqual(
    moved?.workingHours.map((row) => row.id),
    ["friday", "weekdays"],
  );
  assert.equal(contactsForm.change(values, "remove:l0:0")?.legalGroups[0]?.rows.length, 0);
  assert.equal(contactsForm.change(values, "add:g7"), undefined, "no such group");
  assert.equal(contactsForm.change(values, "add:lp"), undefined);
  assert.equal(contactsForm.change(values, "save"), undefined);
});
