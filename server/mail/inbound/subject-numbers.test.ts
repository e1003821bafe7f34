// Issue 46: the appeal numbers a subject names, as our mails write them and as people retype them.
import assert from "node:assert/strict";
import { test } from "node:test";
import { registrationNumbersIn } from "./subject-numbers.ts";

const cases: Array<[string, string[]]> = [
  ["Re: Ответ на обращение А-2026-000123", ["А-2026-000123"]],
  ["RE: Обращение A-2026-000123 зарегистрировано", ["А-2026-000123"]],
  ["по обращению а-2026-123", ["А-2026-000123"]],
  ["обращение А 2026 123, и ещё А–2025–000045", ["А-2026-000123", "А-2025-000045"]],
  ["(А-2026-000123) и снова А-2026-000123", ["А-2026-000123"]],
  ["Повторное обращение к А-2026-000123", ["А-2026-000123"]],
  ["КА-2026-000123", []],
  ["2026-000123", []],
  ["А-1999-000123", []],
  ["А-2026-0001234567890", []],
  ["Жалоба на запах", []],
];

for (const [subject, numbers] of cases) {
  test(`«${subject}» → ${JSON.stringify(numbers)}`, () => {
    assert.deepEqual(registrationNumbersIn(subject), numbers);
  });
}
