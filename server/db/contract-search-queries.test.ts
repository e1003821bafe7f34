// What visitors search for, counted (issue 42, decision 0060), on both stores: counts added in
// one statement grow a day's row, from two servers at once too; the span's top queries and those
// that found nothing, most first; the days before 13 months deleted; a row holds the day, the
// query and its two counts, nothing else. The counting itself is
// server/search/search-query-counter.test.ts, the page tests/e2e/search-queries.test.ts.
import assert from "node:assert/strict";
import { test } from "node:test";
import { contractSuite } from "../../tests/support/data-layer-contract.ts";
import { querySql } from "../../tests/support/direct-sql.ts";
import { maxCountsPerAdd, type QueryDayCount } from "./search-queries-repository.ts";

const count = (day: string, query: string, searches: number, unanswered = 0): QueryDayCount => ({
  day,
  query,
  searches,
  unanswered,
});

contractSuite(import.meta.filename, (store) => {
  const queries = () => store.data.searchQueries;

  test("counts are added in one statement: a new (day, query) inserted, a known one grows", async () => {
    await queries().add([
      count("2026-11-01", "анализ почвы", 3),
      count("2026-11-01", "соут", 2, 2),
      count("2026-11-02", "анализ почвы", 1),
    ]);
    await queries().add([
      count("2026-11-01", "анализ почвы", 4),
      count("2026-11-01", "соут", 1, 1),
    ]);
    await queries().add([]);
    assert.deepEqual(await queries().top("2026-11-01", "2026-11-01", 10), [
      { query: "анализ почвы", searches: 7 },
      { query: "соут", searches: 3 },
    ]);
    assert.deepEqual(await queries().unanswered("2026-11-01", "2026-11-01", 10), [
      { query: "соут", searches: 3 },
    ]);
  });

  test("two servers add to the same rows at once: no count is lost", async () => {
    const other = await store.another();
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        (index % 2 === 0 ? store.data : other).searchQueries.add([
          count("2026-11-03", "вакансии", 1),
          count("2026-11-03", "зарплата химика", 2, 1),
        ]),
      ),
    );
    assert.deepEqual(await queries().top("2026-11-03", "2026-11-03", 10), [
      { query: "зарплата химика", searches: 20 },
      { query: "вакансии", searches: 10 },
    ]);
  });

  test("a span's top queries and queries that found nothing: summed over its days, most first, at most the limit", async () => {
    await queries().add([
      count("2026-10-31", "вакансии", 100),
      count("2026-11-04", "вакансии", 5, 1),
      count("2026-11-05", "вакансии", 100),
    ]);
    assert.deepEqual(await queries().top("2026-11-01", "2026-11-04", 10), [
      { query: "зарплата химика", searches: 20 },
      { query: "вакансии", searches: 15 },
      { query: "анализ почвы", searches: 8 },
      { query: "соут", searches: 3 },
    ]);
    assert.deepEqual(await queries().top("2026-11-01", "2026-11-04", 2), [
      { query: "зарплата химика", searches: 20 },
      { query: "вакансии", searches: 15 },
    ]);
    assert.deepEqual(await queries().unanswered("2026-11-01", "2026-11-04", 10), [
      { query: "зарплата химика", searches: 10 },
      { query: "соут", searches: 3 },
      { query: "вакансии", searches: 1 },
    ]);
    assert.deepEqual(await queries().top("2026-12-01", "2026-12-31", 10), []);
  });

  test(`${maxCountsPerAdd} counts go in one statement; more are refused`, async () => {
    const many = Array.from({ length: maxCountsPerAdd }, (_, index) =>
      count("2026-09-01", `запрос ${index}`, 1, index % 2),
    );
    await queries().add(many);
    const [first] = await queries().top("2026-09-01", "2026-09-01", 1);
    assert.equal(first?.searches, 1);
    await assert.rejects(
      queries().add([...many, count("2026-09-01", "ещё один", 1)]),
      /at most 5000 query counts/,
    );
  });

  test("the days before a day are deleted, the day itself kept", async () => {
    assert.equal(await queries().deleteBefore("2026-11-01"), maxCountsPerAdd + 1);
    assert.deepEqual(await queries().top("2026-01-01", "2026-10-31", 10), []);
    assert.equal((await queries().top("2026-11-01", "2026-11-01", 10)).length, 2);
    assert.equal(await queries().deleteBefore("2026-11-01"), 0);
  });

  test("a row holds the day, the query and its two counts: nothing about who searched", async () => {
    const [row] = await querySql(store.url, "SELECT * FROM search_queries LIMIT 1");
    assert.ok(row);
    assert.deepEqual(Object.keys(row).sort(), ["day", "query", "searches", "unanswered"]);
  });
});
