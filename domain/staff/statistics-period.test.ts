import assert from "node:assert/strict";
import { test } from "node:test";
import { monthsOf, quarterOf, readStatisticsPeriod } from "./statistics-period.ts";

const read = (query: string) => readStatisticsPeriod(new URLSearchParams(query), "2026-11-25");

test("without a query: the current year, cut into its twelve months", () => {
  const result = read("");
  assert.ok(result.ok);
  assert.equal(result.period.label, "2026 год");
  assert.equal(result.period.first, "2026-01-01");
  assert.equal(result.period.last, "2026-12-31");
  assert.equal(result.period.months.length, 12);
  assert.equal(result.period.months[1]?.label, "февраль 2026");
});

test("a month, a quarter and a from–to span", () => {
  const month = read("period=month&year=2024&month=2");
  assert.ok(month.ok);
  assert.deepEqual([month.period.first, month.period.last], ["2024-02-01", "2024-02-29"]);
  const quarter = read("period=quarter&year=2025&quarter=4");
  assert.ok(quarter.ok);
  assert.equal(quarter.period.label, "IV квартал 2025 г.");
  assert.deepEqual([quarter.period.first, quarter.period.last], ["2025-10-01", "2025-12-31"]);
  const range = read("period=range&from=2025-03-15&to=2025-05-02");
  assert.ok(range.ok);
  assert.deepEqual(
    range.period.months.map((item) => item.first),
    ["2025-03-15", "2025-04-01", "2025-05-01"],
  );
  assert.equal(range.period.search, "period=range&from=2025-03-15&to=2025-05-02");
});

test("a bad period is refused in Russian", () => {
  assert.deepEqual(read("period=week"), { ok: false, message: "Неизвестный вид периода" });
  assert.deepEqual(read("period=month&month=13"), {
    ok: false,
    message: "Укажите месяц от 1 до 12",
  });
  assert.deepEqual(read("period=range&from=2025-05-02&to=2025-03-15"), {
    ok: false,
    message: "Конец периода не может быть раньше его начала",
  });
  assert.deepEqual(read("period=range&from=2015-01-01&to=2025-01-01"), {
    ok: false,
    message: "Период — не длиннее пяти лет",
  });
  assert.equal(read("period=range&from=2025-02-30&to=2025-03-01").ok, false);
});

test("months and quarters across a new year", () => {
  assert.deepEqual(
    monthsOf("2025-12-20", "2026-01-10").map((item) => item.label),
    ["декабрь 2025", "январь 2026"],
  );
  assert.deepEqual(quarterOf("2026-11-25"), { label: "IV квартал 2026", first: "2026-10-01" });
});
