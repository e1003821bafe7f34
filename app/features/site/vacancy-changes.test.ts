import assert from "node:assert/strict";
import { test } from "node:test";
import { defaultVacancies } from "../../../content/vacancies.ts";
import { vacancyChanges } from "./vacancy-changes.ts";

const plain = (text: string) => text.replaceAll("\u00a0", " ");

test("the history names each field changed, vacancies added and removed, and a new order", () => {
  const [chemist, economist] = defaultVacancies.vacancies;
  assert.ok(chemist && economist);
  const after = {
    vacancies: [
      economist,
      { ...chemist, salary: { amount: 50000, net: true }, hours: "" },
      { ...economist, id: "lab", title: "Лаборант" },
    ],
  };
  const changes = vacancyChanges(defaultVacancies, after).map(
    (change) => `${change.what}: ${plain(change.before)} → ${plain(change.after)}`,
  );
  assert.deepEqual(changes, [
    "Химик-агрохимик: Зарплата: 45 000 ₽ в месяц на руки → 50 000 ₽ в месяц на руки",
    "Химик-агрохимик: Рабочие часы: 8 → ",
    "Вакансия добавлена:  → Лаборант",
    "Порядок вакансий: Химик-агрохимик, Экономист → Экономист, Химик-агрохимик, Лаборант",
  ]);
  assert.deepEqual(vacancyChanges(after, after), []);
  const removed = vacancyChanges(defaultVacancies, { vacancies: [economist] });
  assert.deepEqual(
    removed.map((change) => change.what),
    ["Вакансия удалена"],
  );
});
