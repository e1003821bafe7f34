// The counting of what visitors search for (issue 42, decision 0060) over a real SQLite store:
// in memory until the timer fires, then one upsert; bots, empty queries and queries holding
// personal data not counted; the Kirov day; the days past 13 months deleted once a day; a failed
// write keeps the counts for the next and logs no query; close writes the rest. The timer and the
// clock are the test's own: nothing sleeps.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, beforeEach, test } from "node:test";
import { breakInserts, repairInserts } from "../../tests/support/broken-inserts.ts";
import { type DataLayer, openDataLayer } from "../db/data-layer.ts";
import type { QueryDayCount } from "../db/search-queries-repository.ts";
import { createSearchQueryCounter, type SearchQueryCounter } from "./search-query-counter.ts";

const browser =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let dir: string;
let url: string;
let data: DataLayer;
let moment: Date;
let tick: (() => Promise<void>) | undefined;
let stopped = false;
let adds: QueryDayCount[][];
let purges: string[];
let logged: string[];
let counter: SearchQueryCounter;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), "search-query-counter-"));
  url = `sqlite:${join(dir, "store.sqlite")}`;
  data = await openDataLayer({ kind: "sqlite", path: join(dir, "store.sqlite") });
});
after(async () => {
  await data.close();
  await rm(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await data.searchQueries.deleteBefore("9999-12-31");
  moment = new Date("2026-11-28T09:00:00Z");
  tick = undefined;
  stopped = false;
  adds = [];
  purges = [];
  logged = [];
  counter = createSearchQueryCounter({
    store: {
      add: (counts) => {
        adds.push(counts.map((count) => ({ ...count })));
        return data.searchQueries.add(counts);
      },
      deleteBefore: (day) => {
        purges.push(day);
        return data.searchQueries.deleteBefore(day);
      },
    },
    log: { warn: (details, message) => logged.push(JSON.stringify({ details, message })) },
    flushEveryMs: 5_000,
    now: () => moment,
    timer: (flush, everyMs) => {
      assert.equal(everyMs, 5_000);
      tick = flush;
      return { stop: () => (stopped = true) };
    },
  });
});

/** What the timer does every few seconds, awaited. */
async function timerFires() {
  assert.ok(tick, "the timer was started");
  await tick();
}

const top = (day = "2026-11-28") => data.searchQueries.top(day, day, 100);

test("searches are counted in memory, then written by one upsert when the timer fires", async () => {
  for (let index = 0; index < 10; index += 1) counter.count("Анализ  почвы", true, browser);
  counter.count("соут", false, browser);
  counter.count("СОУТ!", false, browser);
  assert.deepEqual(adds, [], "nothing written before the timer");
  await timerFires();
  assert.equal(adds.length, 1, "one statement");
  assert.deepEqual(await top(), [
    { query: "анализ почвы", searches: 10 },
    { query: "соут", searches: 2 },
  ]);
  assert.deepEqual(await data.searchQueries.unanswered("2026-11-28", "2026-11-28", 10), [
    { query: "соут", searches: 2 },
  ]);
  counter.count("анализ почвы", true, browser);
  await timerFires();
  assert.deepEqual(adds[1], [
    { day: "2026-11-28", query: "анализ почвы", searches: 1, unanswered: 0 },
  ]);
  assert.deepEqual((await top())[0], { query: "анализ почвы", searches: 11 });
});

test("bots, empty queries and queries holding an e-mail or a phone are not counted", async () => {
  counter.count("анализ почвы", true, googlebot);
  counter.count("анализ почвы", true, "curl/8.5.0");
  for (const typed of [
    "",
    "  ",
    "?!",
    "ivanov@mail.ru",
    "+7 912 345-67-89",
    "снилс 123 456 789 00",
  ]) {
    counter.count(typed, false, browser);
  }
  counter.count("вакансии", true, undefined);
  await timerFires();
  assert.deepEqual(await top(), [{ query: "вакансии", searches: 1 }]);
});

test("a search is counted on its Kirov day: 23:30 in Kirov on the 27th is the 27th, 00:30 the 28th", async () => {
  moment = new Date("2026-11-27T20:30:00Z");
  counter.count("вакансии", true, browser);
  moment = new Date("2026-11-27T21:30:00Z");
  counter.count("вакансии", true, browser);
  counter.count("вакансии", true, browser);
  await timerFires();
  assert.deepEqual(await top("2026-11-27"), [{ query: "вакансии", searches: 1 }]);
  assert.deepEqual(await top("2026-11-28"), [{ query: "вакансии", searches: 2 }]);
});

test("the days before 13 months are deleted with a flush, once a day", async () => {
  const old = (day: string) => ({ day, query: "вакансии", searches: 1, unanswered: 0 });
  await data.searchQueries.add([old("2025-10-27"), old("2025-10-28")]);
  await timerFires();
  assert.deepEqual(purges, ["2025-10-28"]);
  assert.deepEqual(await top("2025-10-27"), []);
  assert.deepEqual(await top("2025-10-28"), [{ query: "вакансии", searches: 1 }]);
  await data.searchQueries.add([old("2025-10-27")]);
  await timerFires();
  assert.deepEqual(purges, ["2025-10-28"], "not twice a day");
  moment = new Date("2026-11-29T09:00:00Z");
  await timerFires();
  assert.deepEqual(purges, ["2025-10-28", "2025-10-29"]);
  assert.deepEqual(await top("2025-10-28"), []);
});

test("a failed write keeps the counts for the next and logs no query; close writes the rest", async () => {
  await breakInserts(url, "search_queries");
  try {
    counter.count("зарплата химика", false, browser);
    await timerFires();
    counter.count("зарплата химика", true, browser);
    await timerFires();
  } finally {
    await repairInserts(url, "search_queries");
  }
  assert.equal(logged.length, 2, logged.join("\n"));
  for (const line of logged) {
    assert.doesNotMatch(line, /зарплат|химик/);
    assert.match(line, /not written/);
  }
  counter.count("зарплата химика", true, browser);
  await counter.close();
  assert.equal(stopped, true, "the timer stopped");
  assert.deepEqual(await top(), [{ query: "зарплата химика", searches: 3 }]);
  assert.deepEqual(await data.searchQueries.unanswered("2026-11-28", "2026-11-28", 10), [
    { query: "зарплата химика", searches: 1 },
  ]);
});

test("flushes asked for at once run one after another, each count written once", async () => {
  counter.count("вакансии", true, browser);
  const first = counter.flush();
  counter.count("вакансии", true, browser);
  await Promise.all([first, counter.flush(), counter.flush()]);
  assert.deepEqual(await top(), [{ query: "вакансии", searches: 2 }]);
});
