// The staff registry's list with 1,000,000 stored appeals, on SQLite and on PostgreSQL: p50 and
// p99 of the first page, a deep page (keyset), searches and filters, through the staff store's
// own query (the appeals repository, server/db/appeals-repository.ts), each row with its drafts'
// marks. Not a test: it prints figures.
// Usage: node bench/staff-list.ts [rows] [runs]   (defaults 1000000 and 300)
import { performance } from "node:perf_hooks";
import type { RegistryQuery } from "../domain/staff/registry-query.ts";
import { kirovIsoDate } from "../domain/time/kirov-time.ts";
import { parseDatabaseUrl } from "../server/config.ts";
import { createDataLayer } from "../server/db/data-layer.ts";
import type { Database } from "../server/db/database.ts";
import { openDatabase } from "../server/db/open-database.ts";
import { registryPageSize } from "../server/staff/registry/registry-service.ts";
import { testDatabaseKinds } from "../tests/support/test-databases.ts";

const rows = Number(process.argv[2] ?? 1_000_000);
const runs = Number(process.argv[3] ?? 300);
const warmup = 30;

/**
 * Appeals received every 150 s over the last ~4.8 years, newest last; 1,000 surnames; about 97%
 * closed (answered or forwarded), the rest spread over the open states with registration dates.
 */
function fillSql(kind: "sqlite" | "postgres"): string {
  const base = Date.now() - rows * 150_000;
  if (kind === "sqlite") {
    return `
      WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${rows})
      INSERT INTO appeals (seq, id, number, created_at, first_name, last_name, email, email_key,
        phone, phone_normalized, region, comment, consent, consent_at, consent_text_version, client_ip,
        user_agent, state, registered_on)
      SELECT n,
        lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2)
          || '-a' || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
        'А-' || strftime('%Y', (${base} + n * 150000) / 1000, 'unixepoch') || '-' || printf('%06d', n),
        strftime('%Y-%m-%dT%H:%M:%fZ', (${base} + n * 150000) / 1000.0, 'unixepoch'),
        'Анна', 'Фамилия' || (n % 1000), 'user' || n || '@example.ru', 'user' || n || '@example.ru', '+7 912 000-00-00',
        '+79120000000', '43 - Кировская область', 'Текст обращения номер ' || n, 1,
        strftime('%Y-%m-%dT%H:%M:%fZ', (${base} + n * 150000) / 1000.0, 'unixepoch'), 'bench',
        '127.0.0.1', 'bench',
        CASE WHEN n % 100 < 60 THEN 'answered' WHEN n % 100 < 97 THEN 'forwarded'
          WHEN n % 100 = 97 THEN 'new' WHEN n % 100 = 98 THEN 'registered' ELSE 'in_progress' END,
        CASE WHEN n % 100 = 97 THEN NULL
          ELSE date((${base} + n * 150000) / 1000, 'unixepoch', '+1 day') END
      FROM s`;
  }
  return `
    INSERT INTO appeals (seq, id, number, created_at, first_name, last_name, email, email_key,
      phone, phone_normalized, region, comment, consent, consent_at, consent_text_version, client_ip,
      user_agent, state, registered_on)
    SELECT n, gen_random_uuid(),
      'А-' || to_char(to_timestamp((${base} + n::bigint * 150000) / 1000.0), 'YYYY') || '-' || CASE WHEN n < 1000000 THEN lpad(n::text, 6, '0') ELSE n::text END,
      to_timestamp((${base} + n::bigint * 150000) / 1000.0), 'Анна', 'Фамилия' || (n % 1000),
      'user' || n || '@example.ru', 'user' || n || '@example.ru', '+7 912 000-00-00', '+79120000000', '43 - Кировская область',
      'Текст обращения номер ' || n, true, to_timestamp((${base} + n::bigint * 150000) / 1000.0), 'bench',
      '127.0.0.1', 'bench',
      CASE WHEN n % 100 < 60 THEN 'answered' WHEN n % 100 < 97 THEN 'forwarded'
        WHEN n % 100 = 97 THEN 'new' WHEN n % 100 = 98 THEN 'registered' ELSE 'in_progress' END,
      CASE WHEN n % 100 = 97 THEN NULL
        ELSE to_char(to_timestamp((${base} + n::bigint * 150000) / 1000.0) + interval '1 day', 'YYYY-MM-DD') END
    FROM generate_series(1, ${rows}) AS n`;
}

/**
 * Every answered appeal's answer, sent; one in-progress appeal in 100 (1 in 10,000 of all) with an
 * answer awaiting approval and as many registered ones with a forward awaiting it.
 */
function draftsSql(kind: "sqlite" | "postgres"): string[] {
  const newId = kind === "sqlite" ? "lower(hex(randomblob(16)))" : "gen_random_uuid()";
  return [
    `INSERT INTO appeal_answers (id, appeal_id, text, staff_login, created_at, answered_on, state)
     SELECT ${newId}, id, 'Ответ', 'bench', created_at, registered_on,
       CASE WHEN state = 'answered' THEN 'sent' ELSE 'awaiting_approval' END
     FROM appeals WHERE state = 'answered' OR (state = 'in_progress' AND seq % 10000 = 99)`,
    `INSERT INTO appeal_notice_drafts (appeal_id, intent, fields, drafted_by, drafted_at, state)
     SELECT id, 'forward', '{}', 'bench', created_at, 'awaiting_approval'
     FROM appeals WHERE state = 'registered' AND seq % 10000 = 98`,
  ];
}

async function fill(sql: Database) {
  const started = performance.now();
  await sql.run(fillSql(sql.kind));
  for (const drafts of draftsSql(sql.kind)) await sql.run(drafts);
  if (sql.kind === "postgres") {
    await sql.run(`SELECT setval(pg_get_serial_sequence('appeals', 'seq'), ${rows})`);
    await sql.run("ANALYZE");
  } else {
    await sql.run("ANALYZE");
  }
  return (performance.now() - started) / 1000;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

for (const kind of testDatabaseKinds) {
  const database = await kind.create();
  const config = parseDatabaseUrl(database.url);
  const sql = await openDatabase(config);
  const data = createDataLayer(sql);
  try {
    const seconds = await fill(sql);
    const today = kirovIsoDate(new Date());
    const [middle] = await sql.all("SELECT number FROM appeals WHERE seq = ?", [
      Math.floor(rows / 2),
    ]);
    const cases: Array<[string, RegistryQuery]> = [
      ["first page", {}],
      ["deep page (after seq 10,000)", { after: 10_000 }],
      [`search: surname (${(rows / 1000).toLocaleString("en")} matches)`, { q: "фамилия123" }],
      ["search: e-mail", { q: `user${Math.floor(rows / 3)}@example.ru` }],
      ["search: number", { q: String(middle?.number) }],
      ["state: in progress", { state: "in_progress" }],
      ["deadline: overdue", { deadline: "overdue" }],
      ["deadline: in its last third", { deadline: "due-soon" }],
      ["approval: awaiting", { approval: "awaiting" }],
    ];
    console.log(
      `\n${kind.name}: ${rows.toLocaleString("en")} appeals (filled in ${seconds.toFixed(0)} s), ${runs} runs each, page of ${registryPageSize}`,
    );
    for (const [name, query] of cases) {
      const times: number[] = [];
      let found = 0;
      for (let index = 0; index < warmup + runs; index += 1) {
        const started = performance.now();
        const page = await data.appeals.registryPage(query, today, registryPageSize);
        const elapsed = performance.now() - started;
        if (index >= warmup) times.push(elapsed);
        found = page.rows.length;
      }
      times.sort((a, b) => a - b);
      console.log(
        `  ${name.padEnd(34)} p50 ${percentile(times, 0.5).toFixed(2).padStart(7)} ms   p99 ${percentile(times, 0.99).toFixed(2).padStart(7)} ms   (${found} rows)`,
      );
    }
  } finally {
    await data.close();
    await database.drop();
  }
}
