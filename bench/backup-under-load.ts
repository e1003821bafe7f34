// The SQLite store's online backup with appeals being written the whole time: how long the copy
// takes, its size, and how long appeals wait (p50, p99, max of storing one) before and during it,
// with the event loop's longest stall. Not a test: it prints figures (decision 0015).
// Usage: node bench/backup-under-load.ts [rows]   (default 100000)
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { storeAppeal } from "../server/appeals/store-appeal.ts";
import { openDataLayer } from "../server/db/data-layer.ts";
import { sampleNewAppeal } from "../tests/support/test-appeal.ts";
import { prefillAppeals } from "./prefill-appeals.ts";

const rows = Number(process.argv[2] ?? 100_000);
const writers = 4;

function summary(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => Number((sorted[Math.floor(q * (sorted.length - 1))] ?? 0).toFixed(2));
  return { appeals: sorted.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: at(1) };
}

const dir = await mkdtemp(join(tmpdir(), "backup-bench-"));
try {
  const store = join(dir, "appeals.sqlite");
  await prefillAppeals(`sqlite:${store}`, rows);
  const data = await openDataLayer({ kind: "sqlite", path: store });
  let phase: "before" | "during" | "stop" = "before";
  const latencies = { before: [] as number[], during: [] as number[] };
  const loop = Array.from({ length: writers }, async () => {
    while (phase !== "stop") {
      const current = phase;
      const started = performance.now();
      await storeAppeal(data, sampleNewAppeal(new Date().toISOString()));
      latencies[current].push(performance.now() - started);
    }
  });
  const lagBefore = monitorEventLoopDelay({ resolution: 1 });
  lagBefore.enable();
  await sleep(3000);
  lagBefore.disable();
  const lag = monitorEventLoopDelay({ resolution: 1 });
  lag.enable();
  phase = "during";
  const report = await data.backup(join(dir, "backup.sqlite"));
  lag.disable();
  phase = "stop";
  await Promise.all(loop);
  await data.close();
  console.log(
    JSON.stringify(
      {
        storedAppeals: rows,
        backupMs: report.durationMs,
        backupBytes: report.bytes,
        appealsInBackup: report.counts.appeals,
        before: summary(latencies.before),
        during: summary(latencies.during),
        eventLoopMaxStallMs: {
          before: Number((lagBefore.max / 1e6).toFixed(1)),
          during: Number((lag.max / 1e6).toFixed(1)),
        },
      },
      null,
      2,
    ),
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
