// Paired measurement of the appeal POST served by several checkouts of this project (each a
// directory with node_modules and build/), one after the other in interleaved rounds on the same
// machine: what a change did to the project's own CPU per request, which a busy neighbour moves
// less than the requests per second. Every appeal from one address, as in bench/run.ts.
// Usage: node bench/post-across-trees.ts [--rounds 4] [--duration 5] [--connections 10]
//   [--store sqlite|postgresql] dir1 dir2 …
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { freePort } from "../tests/support/server-process.ts";
import { validAppeal } from "../tests/support/test-app.ts";
import { createPostgresDatabase } from "../tests/support/test-databases.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: "string", default: "4" },
    duration: { type: "string", default: "5" },
    connections: { type: "string", default: "10" },
    store: { type: "string", default: "sqlite" },
  },
});
const body = JSON.stringify(validAppeal());

function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / 100;
}

async function database() {
  if (values.store === "postgresql") return createPostgresDatabase();
  const dir = await mkdtemp(join(tmpdir(), "bench-trees-"));
  return {
    url: `sqlite:${join(dir, "appeals.sqlite")}`,
    drop: () => rm(dir, { recursive: true, force: true }),
  };
}

async function measure(dir: string) {
  const store = await database();
  const port = await freePort();
  const child = spawn(join(dir, "node_modules/.bin/node"), ["server/main.ts"], {
    cwd: dir,
    env: {
      ...process.env,
      LOG_LEVEL: "silent",
      RATE_LIMIT_PER_MINUTE: "1000000",
      RATE_LIMIT_PER_DAY: "1000000",
      DATABASE_URL: store.url,
      PORT: String(port),
      HOST: "127.0.0.1",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    const url = `http://127.0.0.1:${port}/api/users/appeals/`;
    for (let tries = 0; ; tries++) {
      try {
        await fetch(`http://127.0.0.1:${port}/healthz`);
        break;
      } catch {
        if (tries > 600) throw new Error(`${dir} did not start`);
        await new Promise((done) => setTimeout(done, 50));
      }
    }
    const options = {
      url,
      connections: Number(values.connections),
      method: "POST" as const,
      headers: { "content-type": "application/json" },
      body,
    };
    await autocannon({ ...options, duration: 2 });
    const before = cpuMicros(child.pid ?? 0);
    const result = await autocannon({ ...options, duration: Number(values.duration) });
    const cpu = (cpuMicros(child.pid ?? 0) - before) / result.requests.total;
    return { rps: result.requests.average, cpu, bad: result.non2xx + result.errors };
  } finally {
    const exited = new Promise((done) => child.once("exit", done));
    child.kill("SIGTERM");
    await exited;
    await store.drop();
  }
}

const dirs = positionals.map((dir) => resolve(dir));
const cpus = new Map<string, number[]>(dirs.map((dir) => [dir, []]));
for (let round = 1; round <= Number(values.rounds); round++) {
  // The order turns each round, so neither tree always follows the other.
  const order = dirs.map((_, index) => dirs[(index + round) % dirs.length] ?? "");
  for (const dir of order) {
    const figures = await measure(dir);
    cpus.get(dir)?.push(figures.cpu);
    console.log(
      `round ${round}  ${dir}  ${figures.rps.toFixed(0)} req/s  CPU ${figures.cpu.toFixed(1)} µs/request${figures.bad ? `  (${figures.bad} failed)` : ""}`,
    );
  }
}
for (const [dir, values] of cpus) {
  const sorted = [...values].sort((a, b) => a - b);
  console.log(
    `${dir}: CPU µs/request ${values.map((v) => v.toFixed(0)).join(", ")}; median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)}`,
  );
}
