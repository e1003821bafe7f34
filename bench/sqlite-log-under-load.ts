// The SQLite store under a steady load of appeals on a real disk: the appeal POST's requests per
// second and p99 at 10 and 50 connections, with the largest the write-ahead log grew meanwhile.
// Run it on two commits to compare (decision 0023 compares the log bounded and not); a run takes
// about 15 s. Usage: node bench/sqlite-log-under-load.ts [seconds]
import { existsSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { killIfRunning, startServer } from "../tests/support/server-process.ts";
import { validAppeal } from "../tests/support/test-app.ts";

const seconds = Number(process.argv[2] ?? 5);
const mib = 1024 * 1024;

for (const connections of [10, 50]) {
  const dir = await mkdtemp(join(tmpdir(), "log-under-load-"));
  const store = join(dir, "appeals.sqlite");
  const server = await startServer(`sqlite:${store}`, { LOG_LEVEL: "silent" });
  let largestLog = 0;
  const sampler = setInterval(() => {
    if (existsSync(`${store}-wal`))
      largestLog = Math.max(largestLog, statSync(`${store}-wal`).size);
  }, 20);
  try {
    const result = await autocannon({
      url: `${server.baseUrl}/api/users/appeals/`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(validAppeal()),
      connections,
      duration: seconds,
    });
    const bad = result.non2xx + result.errors;
    console.log(
      `POST, SQLite, ${connections} connections: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${bad}; largest log ${(largestLog / mib).toFixed(1)} MiB`,
    );
  } finally {
    clearInterval(sampler);
    await killIfRunning(server);
    await rm(dir, { recursive: true, force: true });
  }
}
