// GET /metrics on SQLite and PostgreSQL: Prometheus text with requests by route pattern and
// status, latency, appeals by outcome, store errors, the outbox, the backups and the event loop;
// only for METRICS_ALLOW's addresses; never a URL as sent, an id, an address or a typed word.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { breakInserts, repairInserts } from "../../tests/support/broken-inserts.ts";
import { startTestApp, type TestApp, validAppeal } from "../../tests/support/test-app.ts";
import { type TestDatabase, testDatabaseKinds } from "../../tests/support/test-databases.ts";
import { jobRunTimes } from "../db/scheduled-job-runs-repository.ts";

const secretName = "Секретова";
const secretEmail = "very-private@example.ru";
const appealId = "0195f3b4-7d8e-7c1a-9f00-123456789abc";

/** The value of one series in a scrape, or undefined when it is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

for (const kind of testDatabaseKinds) {
  describe(`/metrics on ${kind.name}`, () => {
    let database: TestDatabase;
    let site: TestApp;

    before(async () => {
      database = await kind.create();
      site = await startTestApp({
        databaseUrl: database.url,
        rateLimit: { perMinute: 3, perDay: 100 },
      });
    });
    after(async () => {
      await site?.close();
      await database?.drop();
    });

    const post = (body: Record<string, unknown>, remoteAddress = "198.51.100.7") =>
      site.app.inject({
        method: "POST",
        url: "/api/users/appeals/",
        remoteAddress,
        payload: body,
      });

    test("counts requests, appeals by outcome, store errors and the outbox; no personal data", async () => {
      assert.equal(
        (await post(validAppeal({ last_name: secretName, email: secretEmail }))).statusCode,
        201,
      );
      assert.equal((await post(validAppeal({ email: "not an address" }))).statusCode, 400);
      assert.equal((await post(validAppeal({ website: "http://spam.example" }))).statusCode, 201);
      assert.equal((await post(validAppeal())).statusCode, 429);
      await site.app.inject({ url: `/api/users/appeals/${appealId}?email=${secretEmail}` });
      await breakInserts(database.url, "appeals");
      try {
        assert.equal((await post(validAppeal(), "198.51.100.8")).statusCode, 503);
      } finally {
        await repairInserts(database.url, "appeals");
      }

      const response = await site.app.inject({ url: "/metrics" });
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers["content-type"]), /^text\/plain; version=0\.0\.4/);
      const text = response.body;
      const route = 'route="/api/users/appeals/"';
      assert.equal(sample(text, `http_requests_total{method="POST",${route},status="201"}`), 2);
      assert.equal(sample(text, `http_requests_total{method="POST",${route},status="400"}`), 1);
      assert.equal(sample(text, `http_requests_total{method="POST",${route},status="429"}`), 1);
      assert.equal(
        sample(text, `http_requests_total{method="GET",route="/api/*",status="404"}`),
        1,
      );
      assert.equal(sample(text, `http_request_duration_seconds_count{method="POST",${route}}`), 5);
      assert.equal(sample(text, 'appeals_total{outcome="created"}'), 1);
      assert.equal(sample(text, 'appeals_total{outcome="invalid"}'), 1);
      assert.equal(sample(text, 'appeals_total{outcome="honeypot"}'), 1);
      assert.equal(sample(text, 'appeals_total{outcome="rate_limited"}'), 1);
      assert.equal(sample(text, 'appeals_total{outcome="failed"}'), 1);
      assert.ok(
        (sample(text, "store_errors_total") ?? 0) >= 1,
        "the refused insert is a store error",
      );
      // Mail is off: the one stored appeal's notification waits.
      assert.equal(sample(text, 'outbox_pending{kind="appeal-notification"}'), 1);
      assert.equal(sample(text, 'outbox_failed{kind="appeal-notification"}'), 0);
      assert.equal(sample(text, "backup_failing"), 0);
      // No backup yet: its age counts from 1970, so an alert on it fires; none is scheduled here.
      assert.ok((sample(text, "backup_last_success_age_seconds") ?? 0) > 1.7e9);
      assert.equal(sample(text, "backup_scheduled"), 0);
      assert.ok((sample(text, "nodejs_eventloop_lag_seconds") ?? -1) >= 0);
      for (const secret of [secretName, secretEmail, appealId, "198.51.100", "127.0.0.1", "spam"]) {
        assert.equal(text.includes(secret), false, `${secret} is not in the metrics`);
      }
    });

    test("the last backup's age and size once one is recorded", async () => {
      const day = "2026-11-24";
      const finished = new Date(Date.now() - 3600_000);
      assert.ok(await site.data.jobRuns.claim("backup", day, "test", finished, jobRunTimes));
      const result = { file: "appeals-2026-11-24.sqlite", bytes: 4096 };
      assert.ok(await site.data.jobRuns.finish("backup", day, "test", finished, result));
      const text = (await site.app.inject({ url: "/metrics" })).body;
      const age = sample(text, "backup_last_success_age_seconds") ?? 0;
      assert.ok(age >= 3600 && age < 3600 * 24, `age ${age}`);
      assert.equal(sample(text, "backup_last_success_bytes"), 4096);
    });

    test("refused to addresses outside METRICS_ALLOW, as if there were no such page", async () => {
      const outside = await site.app.inject({ url: "/metrics", remoteAddress: "203.0.113.9" });
      assert.equal(outside.statusCode, 404);
      assert.equal(outside.body.includes("http_requests_total"), false);
      const mapped = await site.app.inject({ url: "/metrics", remoteAddress: "::ffff:127.0.0.1" });
      assert.equal(mapped.statusCode, 200);
    });
  });
}

describe("METRICS_ALLOW with a range", () => {
  let database: TestDatabase;
  let site: TestApp;
  before(async () => {
    database = await (testDatabaseKinds[0] as (typeof testDatabaseKinds)[number]).create();
    site = await startTestApp({ databaseUrl: database.url, metricsAllow: ["10.0.0.0/8"] });
  });
  after(async () => {
    await site?.close();
    await database?.drop();
  });

  test("an address in the range reads it; loopback no longer does", async () => {
    const inside = await site.app.inject({ url: "/metrics", remoteAddress: "10.20.30.40" });
    assert.equal(inside.statusCode, 200);
    const loopback = await site.app.inject({ url: "/metrics" });
    assert.equal(loopback.statusCode, 404);
  });
});
