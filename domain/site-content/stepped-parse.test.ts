import assert from "node:assert/strict";
import { test } from "node:test";
import { newsContentSchema, newsListed } from "./news-content.ts";
import { parseInSteps } from "./stepped-parse.ts";

const announcement = (id: string, text: string) => ({
  id,
  title: `№ ${id}`,
  date: "2026-11-20",
  text,
});

test("a list checked in steps gives what the whole schema gives, issues and all, with turns between", async () => {
  let turns = 0;
  const turn = async () => {
    turns += 1;
  };
  const long = {
    announcements: Array.from({ length: 200 }, (_, i) =>
      announcement(String(i + 1), `Текст\u202e ${i}`),
    ),
  };
  const stepped = await parseInSteps(newsContentSchema, newsListed, long, turn, 0);
  assert.deepEqual(stepped, newsContentSchema.safeParse(long));
  assert.ok(turns >= 200, "a turn before every item when each step may run 0 ms");
  const cases: unknown[] = [
    { announcements: [announcement("1", ""), announcement("x", "Текст")] },
    { announcements: [announcement("1", "a"), announcement("1", "b")] },
    { announcements: "нет" },
    null,
    { announcements: [null, 5] },
  ];
  for (const value of cases) {
    const whole = newsContentSchema.safeParse(value);
    const inSteps = await parseInSteps(newsContentSchema, newsListed, value, turn);
    assert.equal(inSteps.success, whole.success, JSON.stringify(value)?.slice(0, 80));
    assert.deepEqual(
      inSteps.error?.issues.map((issue) => [issue.path, issue.message]),
      whole.error?.issues.map((issue) => [issue.path, issue.message]),
    );
  }
  // Too long: refused as such without reading the items.
  const tooLong = { announcements: Array.from({ length: 201 }, () => "не объявление") };
  const refused = await parseInSteps(newsContentSchema, newsListed, tooLong, turn);
  assert.deepEqual(
    refused.error?.issues.map((issue) => issue.message),
    ["Не больше 200 объявлений."],
  );
});
