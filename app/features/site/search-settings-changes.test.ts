import assert from "node:assert/strict";
import { test } from "node:test";
import type { SearchContent } from "../../../domain/site-content/search-content.ts";
import { searchSettingsChanges } from "./search-settings-changes.ts";

test("the history names synonyms and best answers added, removed and changed", () => {
  const sout = { id: "sout", words: "СОУТ", means: "специальная оценка", bothWays: true };
  const salary = { id: "salary", words: "зарплата", means: "заработная плата", bothWays: false };
  const phone = { id: "phone", words: "телефон", means: "контакты", bothWays: false };
  const before: SearchContent = {
    synonyms: [sout, salary, phone],
    bestAnswers: [{ id: "phone", query: "телефон", path: "/contacts" }],
  };
  const after = {
    synonyms: [
      { ...sout, bothWays: false },
      salary,
      { id: "synonym-4", words: "ЕГРЮЛ", means: "реестр", bothWays: false },
    ],
    bestAnswers: [{ id: "answer-2", query: "цены", path: "/services/special_offer" }],
  };
  const changes = searchSettingsChanges(before, after).map(
    (change) => `${change.what}: ${change.before} → ${change.after}`,
  );
  assert.deepEqual(changes, [
    "Синоним «СОУТ»: В обе стороны: да → нет",
    "Синоним добавлен:  → Синоним «ЕГРЮЛ»",
    "Синоним удалён: Синоним «телефон» → ",
    "Лучший ответ добавлен:  → Лучший ответ «цены» → /services/special_offer",
    "Лучший ответ удалён: Лучший ответ «телефон» → /contacts → ",
  ]);
  assert.deepEqual(searchSettingsChanges(after, after), []);
});
