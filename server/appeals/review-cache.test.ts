// The public review's cache over a real store: the store is counted again only when the cached
// count is older than the cache time or from another day.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { sampleNewAppeal } from "../../tests/support/test-appeal.ts";
import { createSqliteDatabase, type TestDatabase } from "../../tests/support/test-databases.ts";
import { parseDatabaseUrl } from "../config.ts";
import { type DataLayer, openDataLayer } from "../db/data-layer.ts";
import { createStatisticsService } from "../staff/statistics/statistics-service.ts";
import { cachedReview, reviewCacheMinutes } from "./review-cache.ts";

let database: TestDatabase;
let data: DataLayer;
before(async () => {
  database = await createSqliteDatabase();
  data = await openDataLayer(parseDatabaseUrl(database.url));
});
after(async () => {
  await data?.close();
  await database?.drop();
});

async function receive(at: Date) {
  await data.transaction((tx) => data.appeals.insert(sampleNewAppeal(at.toISOString()), tx));
}

test(`the review is counted at most once per ${reviewCacheMinutes} minutes`, async () => {
  let clock = new Date("2026-06-10T09:00:00Z");
  const review = cachedReview(createStatisticsService(data), () => clock);
  const received = async () => (await review()).rows.at(-1)?.received;
  await receive(new Date("2026-06-10T08:00:00Z"));
  assert.equal(await received(), 1);
  await receive(new Date("2026-06-10T08:30:00Z"));
  clock = new Date(clock.getTime() + (reviewCacheMinutes - 1) * 60_000);
  assert.equal(await received(), 1, "still the cached count");
  clock = new Date(clock.getTime() + 2 * 60_000);
  assert.equal(await received(), 2, "counted again after the cache time");
});
