// «Что заполнить» (decision 0040): the placeholder detectors of domain/ on the seed's content.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  fieldInWords,
  placeholderDetectors,
  placeholdersIn,
} from "../domain/site-content/site-placeholders.ts";
import { defaultContacts } from "./contacts.ts";
import { siteContentDefaults } from "./site-content-defaults.ts";

const seed = placeholdersIn(siteContentDefaults);

test("the seed's content has placeholders, the phone among them, named in words", () => {
  assert.ok(seed.length > 0);
  const phone = seed.find((found) => found.page === "contacts" && found.field === "Телефон");
  assert.deepEqual(phone && { value: phone.value, why: phone.why, title: phone.pageTitle }, {
    value: "(8332) 00-00-00",
    why: ["телефон-образец 00-00-00"],
    title: "Контакты",
  });
  const fields = seed.map((found) => `${found.pageTitle}: ${found.field}`);
  for (const field of [
    "Контакты: Адрес",
    "Контакты: Общие контакты — Приёмная: электронная почта",
    "Контакты: Общие контакты — Директор: ФИО",
    "Контакты: Реквизиты — Коды — ИНН: значение",
    "Структура: Руководитель: примечание об образце",
  ]) {
    assert.ok(fields.includes(field), field);
  }
});

test("every detector finds its placeholder in the seed (the list and the seed do not drift)", () => {
  for (const detector of placeholderDetectors) {
    assert.ok(
      seed.some((found) => detector.matches(found.value)),
      `${detector.id} finds nothing`,
    );
  }
});

test("a replaced value is no placeholder: the phone replaced, the count drops by one", () => {
  const contacts = { ...defaultContacts, phone: "(8332) 71-20-15" };
  const after = placeholdersIn({ ...siteContentDefaults, contacts });
  assert.equal(after.length, seed.length - 1);
  assert.ok(!after.some((found) => found.field === "Телефон"));
});

test("real values are not taken for placeholders", () => {
  for (const value of [
    "(8332) 71-20-15",
    "(8332) 00-00-01",
    "610035, г. Киров, ул. Ленина, д. 10",
    "info@agrochem-kirov.ru",
    "Иванова Мария Петровна",
    "03214643000000014000",
    "40102810345370000033",
    "33701000",
    "https://example.ru/",
    "Устав утверждён учреждением",
  ]) {
    assert.deepEqual(
      placeholderDetectors.filter((detector) => detector.matches(value)).map((d) => d.id),
      [],
      value,
    );
  }
  assert.ok(placeholderDetectors.some((detector) => detector.matches("https://site-url.invalid/")));
});

test("a field's words follow the items' names along its path", () => {
  assert.equal(
    fieldInWords(defaultContacts, ["workingHours", 1, "hours"]),
    "Режим работы — Пятница: часы",
  );
  assert.equal(
    fieldInWords({ director: { biography: ["а", "б"] } }, ["director", "biography", 1]),
    "Руководитель: биография, абзац 2",
  );
});

test("the personal-data policy's sample notice is listed: «размещён» with ё is a sample notice too", () => {
  const policy = seed.filter((found) => found.page === "privacy");
  assert.equal(policy.length, 1, "one text of the policy holds samples");
  assert.match(policy[0]?.value ?? "", /^Образец: полный текст политики будет размещён/);
  assert.ok(
    policy[0]?.why.includes(
      "примечание «Образец…»: уберите его, когда разместите настоящие сведения",
    ),
    `named for its notice: ${policy[0]?.why}`,
  );
});
