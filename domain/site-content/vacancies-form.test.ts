import assert from "node:assert/strict";
import { test } from "node:test";
import {
  checkVacancyValues,
  readVacancyValues,
  type VacancyFormValues,
  vacanciesForm,
  vacancyFieldName,
} from "./vacancies-form.ts";

const vacancy = (id: string, title: string, salary = "45 000"): VacancyFormValues => ({
  id,
  title,
  salary,
  net: true,
  payments: "",
  experience: "1–3 года",
  employment: "",
  schedule: "",
  hours: "",
  place: "",
  duties: "",
});

test("the posted form reads back in its order, the checkbox as a flag", () => {
  const fields = new URLSearchParams({ count: "2" });
  fields.set(vacancyFieldName(0, "id"), "a");
  fields.set(vacancyFieldName(0, "title"), "Химик");
  fields.set(vacancyFieldName(0, "net"), "on");
  fields.set(vacancyFieldName(1, "id"), "b");
  fields.set(vacancyFieldName(1, "title"), "Экономист");
  const values = readVacancyValues(fields);
  assert.deepEqual(
    values.map((value) => [value.id, value.title, value.net]),
    [
      ["a", "Химик", true],
      ["b", "Экономист", false],
    ],
  );
});

test("a salary typed with spaces or the rouble sign is a number; anything else is refused by field", () => {
  const read = checkVacancyValues([vacancy("a", "Химик", "50 000 ₽")]);
  assert.ok(read.ok);
  assert.deepEqual(read.content.vacancies[0]?.salary, { amount: 50000, net: true });
  const refused = checkVacancyValues([
    vacancy("a", " ", "пятьдесят"),
    vacancy("b", "Экономист", "0"),
  ]);
  assert.ok(!refused.ok);
  assert.equal(refused.errors.byField["v0.title"], "Укажите название вакансии.");
  assert.equal(refused.errors.byField["v0.salary"], "Укажите зарплату числом рублей.");
  assert.equal(refused.errors.byField["v1.salary"], "Укажите зарплату числом рублей больше нуля.");
  const twice = checkVacancyValues([vacancy("a", "Химик"), vacancy("a", "Экономист")]);
  assert.ok(!twice.ok);
  assert.deepEqual(twice.errors.general, ["Вакансии повторяются."]);
});

test("add, remove, up and down change the list shown; nothing else is a list change", () => {
  const list = [vacancy("a", "A"), vacancy("b", "B"), vacancy("c", "C")];
  const titles = (values: VacancyFormValues[]) => values.map((value) => value.title).join("");
  const change = (intent: string) => {
    const changed = vacanciesForm.change(list, intent);
    assert.ok(changed, intent);
    return changed;
  };
  assert.equal(titles(change("up:1")), "BAC");
  assert.equal(titles(change("down:1")), "ACB");
  assert.equal(titles(change("up:0")), "ABC", "the first stays first");
  assert.equal(titles(change("down:2")), "ABC", "the last stays last");
  assert.equal(titles(change("remove:1")), "AC");
  const added = change("add");
  assert.equal(added.length, 4);
  assert.equal(added[3]?.id, "vacancy-4");
  assert.equal(vacanciesForm.change(list, "save"), undefined);
  assert.equal(vacanciesForm.change(list, "remove:x"), undefined);
  assert.equal(vacanciesForm.change(list, "add:p0"), undefined, "a list the page has not");
});

test("an error's field is found on the page by its id, named in words", () => {
  assert.deepEqual(vacanciesForm.place("v1.salary"), {
    id: "vacancy-1-salary",
    label: "Вакансия 2, зарплата",
  });
});
