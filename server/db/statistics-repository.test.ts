// The per-day counts the triggers keep (migration 9) against the appeals themselves, on both
// stores: after a seeded two years, after citizens' new appeals (not counted by the triggers, read
// from the table), after staff changes (register, answer, forward, leave without answer, extend,
// topic) and after the oldest are deleted, as an approved act of destruction deletes its cases. The expected figures are computed here
// from the appeal rows, by the named Kirov zone, with no grouping SQL.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { AppealState } from "../../domain/appeals/appeal-states.ts";
import { addCalendarDays, calendarDaysBetween } from "../../domain/calendar/calendar-day.ts";
import { monthsOf } from "../../domain/staff/statistics-period.ts";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import { seedAppeals } from "../../tests/support/seeded-statistics.ts";
import { sampleNewAppeal } from "../../tests/support/test-appeal.ts";
import { type TestDatabase, testDatabaseKinds } from "../../tests/support/test-databases.ts";
import { parseDatabaseUrl } from "../config.ts";
import { spanOf } from "../staff/statistics/statistics-service.ts";
import { createDataLayer, type DataLayer } from "./data-layer.ts";
import { type Database, isoMoment } from "./database.ts";
import { openDatabase } from "./open-database.ts";

const now = new Date();
const today = kirovIsoDate(now);
const first = addCalendarDays(today, -800);
const span = spanOf(first, today, monthsOf(first, today));

function add(map: Map<string, number>, key: string, count = 1) {
  map.set(key, (map.get(key) ?? 0) + count);
}

function emptyFigures() {
  return {
    states: new Map<string, number>(),
    regions: new Map<string, number>(),
    topics: new Map<string, number>(),
    days: new Map<string, number>(),
    late: new Map<string, number>(),
  };
}

/** The figures as the repository gives them, each summed by its key. */
async function fromRepository(data: DataLayer) {
  const { states, regions, topics } = await data.statistics.breakdowns(span);
  const result = emptyFigures();
  for (const row of states)
    add(result.states, `${row.bucket}|${row.state}|${row.ground}`, row.count);
  for (const row of regions) add(result.regions, row.region, row.count);
  for (const row of topics) add(result.topics, String(row.topic), row.count);
  for (const row of await data.statistics.answerDays(span))
    add(result.days, String(row.days), row.count);
  for (const row of await data.statistics.lateCandidates(span, { byBucket: true })) {
    add(result.late, `${row.registeredOn}|${row.extensionDays}|${row.answeredOn}`, row.count);
  }
  return result;
}

/** The same figures from every appeal row, counted here. */
async function fromRows(db: Database) {
  const rows = await db.all(
    "SELECT created_at, state, region, topic, without_answer_ground, registered_on, answered_on, extension_days FROM appeals",
  );
  const starts = [first, ...span.bucketDays];
  const result = emptyFigures();
  for (const row of rows) {
    const day = kirovIsoDate(new Date(isoMoment(row.created_at)));
    if (day < first || day > today) continue;
    const bucket = starts.filter((start) => start <= day).length - 1;
    add(result.states, `${bucket}|${row.state}|${row.without_answer_ground ?? null}`);
    add(result.regions, String(row.region));
    add(result.topics, String(row.topic ?? null));
    if (row.state === "answered" && row.registered_on && row.answered_on) {
      const days = calendarDaysBetween(String(row.registered_on), String(row.answered_on));
      add(result.days, String(days));
      if (days > 30 + Number(row.extension_days)) {
        add(result.late, `${row.registered_on}|${row.extension_days}|${row.answered_on}`);
      }
    }
  }
  return result;
}

for (const kind of testDatabaseKinds) {
  describe(`statistics counts on ${kind.name}`, () => {
    let database: TestDatabase;
    let db: Database;
    let data: DataLayer;
    before(async () => {
      database = await kind.create();
      db = await openDatabase(parseDatabaseUrl(database.url));
      data = createDataLayer(db);
      await seedAppeals(db, 3000, { now });
    });
    after(async () => {
      await data?.close();
      await database?.drop();
    });

    const assertSame = async (when: string) => {
      const [kept, counted] = await Promise.all([fromRepository(data), fromRows(db)]);
      for (const key of ["states", "regions", "topics", "days", "late"] as const) {
        assert.deepEqual(
          new Map([...kept[key]].filter(([, count]) => count !== 0).sort()),
          new Map([...counted[key]].sort()),
          `${when}: ${key}`,
        );
      }
    };

    test("after seeding two years", async () => {
      await assertSame("seeded");
    });

    test("after new appeals, staff changes and the oldest cases destroyed", async () => {
      await data.transaction(async (tx) => {
        for (let index = 0; index < 5; index += 1) {
          await data.appeals.insert(
            sampleNewAppeal(now.toISOString(), { region: "43 - Кировская область" }),
            tx,
          );
        }
      });
      await assertSame("new appeals");

      const open = await db.all(
        "SELECT id, state, version FROM appeals WHERE state IN ('new', 'registered', 'in_progress') ORDER BY seq LIMIT 40",
      );
      const changes = [
        { state: "registered", registered_on: addCalendarDays(today, -40) },
        { state: "answered", registered_on: addCalendarDays(today, -45), answered_on: today },
        { state: "forwarded", forwarded_to: "Орган", forwarded_on: today },
        { state: "without_answer", without_answer_ground: "repeated" },
        { extension_days: 30, extension_reason: "Сведения" },
      ] as const;
      await data.transaction(async (tx) => {
        for (const [index, row] of open.entries()) {
          const change = changes[index % changes.length] ?? {};
          await data.appeals.change(
            String(row.id),
            { version: Number(row.version), state: String(row.state) as AppealState },
            change,
            tx,
          );
          if (index % 3 === 0) await data.appealTopics.setTopic(String(row.id), "vacancies", tx);
        }
      });
      await assertSame("staff changes");

      // No job or command deletes appeals; an approved act of destruction does (decision 0064),
      // and the counts must follow it as they follow every other change of the table.
      const cutoff = new Date(now.getTime() - 500 * 86_400_000);
      const destroyed = await db.run("DELETE FROM appeals WHERE created_at < ?", [
        cutoff.toISOString(),
      ]);
      assert.ok(destroyed > 0, "appeals were deleted");
      await assertSame("destruction");
    });
  });
}
