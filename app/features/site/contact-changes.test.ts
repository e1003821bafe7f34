import assert from "node:assert/strict";
import { test } from "node:test";
import { defaultContacts } from "../../../content/contacts.ts";
import { contactChanges } from "./contact-changes.ts";

const plain = (text: string) => text.replaceAll("\u00a0", " ");

test("the history names the new phone, a changed row, a row added and removed", () => {
  const [general, ...others] = defaultContacts.groups;
  assert.ok(general);
  const [director, deputy, ...rest] = general.rows;
  assert.ok(director && deputy);
  const after = {
    ...defaultContacts,
    phone: "(8332) 12-34-56",
    groups: [
      {
        ...general,
        rows: [
          { ...director, fullName: "Иванов Иван Иванович" },
          ...rest,
          { ...deputy, id: "secretary", title: "Секретарь" },
        ],
      },
      ...others,
    ],
  };
  const changes = contactChanges(defaultContacts, after).map((change) =>
    plain(`${change.what}: ${change.before} → ${change.after}`),
  );
  assert.deepEqual(changes, [
    "Контакты: Телефон: (8332) 00-00-00 → (8332) 12-34-56",
    "Директор: ФИО: Фамилия Имя Отчество → Иванов Иван Иванович",
    "Общие контакты: строка добавлена:  → Секретарь",
    "Общие контакты: строка удалена: Заместитель директора → ",
  ]);
  assert.deepEqual(contactChanges(after, after), []);
});
