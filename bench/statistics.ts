// The statistics page's figures for one year with 1,000,000 appeals stored (received over two
// years, scripts/seed-appeals.ts), on SQLite and on PostgreSQL: p50 and p99 of the whole page's
// counting (the four grouped queries and their sums, server/staff/statistics/statistics-service.ts), and of
// the public review's. Not a test: it prints figures (decision 0018). Goal: p99 ≤ 200 ms.
// Usage: node bench/statistics.ts [rows=1000000] [runs=100]
import { performance } from "node:perf_hooks";
import { addCalendarDays } from "../domain/calendar/calendar-day.ts";
import { statisticsPeriod } from "../domain/staff/statistics-period.ts";
import { kirovIsoDate } from "../domain/time/kirov-time.ts";
import { seedAppeals } from "../scripts/seed-appeals.ts";
import { parseDatabaseUrl } from "../server/config.ts";
import { createDataLayer } from "../server/db/data-layer.ts";
import { openDatabase } from "../server/db/open-database.ts";
import { createStatisticsService } from "../server/staff/statistics/statistics-service.ts";
import { testDatabaseKinds } from "../tests/support/test-databases.ts";

const rows = Number(process.argv[2] ?? 1_000_000);
const runs = Number(process.argv[3] ?? 100);
const warmup = 5;

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

async function measure(name: string, work: () => Promise<unknown>) {
  const times: number[] = [];
  for (let index = 0; index < warmup + runs; index += 1) {
    const started = performance.now();
    await work();
    if (index >= warmup) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `  ${name.padEnd(40)} p50 ${percentile(times, 0.5).toFixed(1).padStart(7)} ms   p99 ${percentile(times, 0.99).toFixed(1).padStart(7)} ms`,
  );
}

const today = kirovIsoDate(new Date());
const lastYear = statisticsPeriod("range", {
  year: Number(today.slice(0, 4)),
  from: addCalendarDays(today, -364),
  to: today,
});

for (const kind of testDatabaseKinds) {
  const database = await kind.create();
  const sql = await openDatabase(parseDatabaseUrl(database.url));
  const data = createDataLayer(sql);
  try {
    const started = performance.now();
    await seedAppeals(sql, rows, { keep: false });
    const seconds = (performance.now() - started) / 1000;
    const service = createStatisticsService(data);
    const year = await service.statisticsOf(lastYear, today);
    console.log(
      `\n${kind.name}: ${rows.toLocaleString("en")} appeals over two years (seeded in ${seconds.toFixed(0)} s), ${runs} runs each`,
    );
    console.log(`  one year (${lastYear.label}): ${year.total.toLocaleString("en")} appeals`);
    await measure("statistics page figures, one year", () => service.statisticsOf(lastYear, today));
    const span = { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
    const month = statisticsPeriod("month", span);
    await measure("statistics page figures, this month", () => service.statisticsOf(month, today));
    await measure("public review (8 quarters), uncached", () => service.reviewOf(today));
  } finally {
    await data.close();
    await database.drop();
  }
}
