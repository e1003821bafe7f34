import assert from "node:assert/strict";
import { test } from "node:test";
import { readRegistryQuery, registryQueryParams, searchTerm } from "./registry-query.ts";

test("a search for a number finds it however the А and zeros are typed", () => {
  for (const typed of ["А-2026-000123", "а-2026-123", "A-2026-000123", "a 2026 123"]) {
    assert.deepEqual(searchTerm(typed), { kind: "number", number: "А-2026-000123" }, typed);
  }
});

test("an e-mail is matched in lower case; a surname in the ways people type it", () => {
  assert.deepEqual(searchTerm("Anna@Example.RU"), { kind: "email", email: "anna@example.ru" });
  assert.deepEqual(searchTerm("иванова"), {
    kind: "surname",
    variants: ["иванова", "Иванова", "ИВАНОВА"],
  });
});

test("the query is read with Russian messages for bad values, blanks ignored", () => {
  assert.deepEqual(readRegistryQuery(new URLSearchParams("state=&deadline=&q=")), {
    ok: true,
    query: { state: undefined, deadline: undefined, q: undefined },
  });
  const bad = readRegistryQuery(new URLSearchParams("state=lost&after=-1"));
  assert.equal(bad.ok, false);
  assert.match(bad.ok ? "" : bad.message, /Неизвестное состояние.*Неверная ссылка/);
  assert.equal(
    registryQueryParams({ state: "new", deadline: "overdue", q: "Иванова" }, 42),
    "state=new&deadline=overdue&q=%D0%98%D0%B2%D0%B0%D0%BD%D0%BE%D0%B2%D0%B0&after=42",
  );
});
