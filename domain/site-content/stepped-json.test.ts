import assert from "node:assert/strict";
import { test } from "node:test";
import { stringifyInSteps } from "./stepped-json.ts";

test("content written in steps is JSON.stringify's text, with turns between the list's items", async () => {
  let turns = 0;
  const turn = async () => {
    turns += 1;
  };
  const long = {
    title: "Новости",
    announcements: Array.from({ length: 200 }, (_, i) => ({
      id: String(i + 1),
      title: `№ ${i + 1} «кавычки» "и" \\ \u2028`,
      text: i % 2 === 0 ? "Текст" : undefined,
      date: "2026-11-20",
    })),
    after: [1, { a: undefined }],
  };
  assert.equal(await stringifyInSteps(long, "announcements", turn, 0), JSON.stringify(long));
  assert.ok(turns >= 199, "a turn between items when each step may run 0 ms");
  const cases: unknown[] = [
    { announcements: [] },
    { announcements: [undefined, null, 5, "x"], skipped: undefined, fn: () => 1 },
    { announcements: "нет" },
    { other: 1 },
    [1, 2],
    null,
    "текст",
  ];
  for (const value of cases) {
    assert.equal(await stringifyInSteps(value, "announcements", turn), JSON.stringify(value));
  }
  assert.equal(await stringifyInSteps(long, undefined, turn), JSON.stringify(long));
});
