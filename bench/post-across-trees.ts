// Paired measurement of the appeal POST served by several checkouts of this project (each a
// directory with node_modules and build/), all running, loaded in turn for a few seconds each,
// round after round, on the same machine: what a change did to the project's own CPU per request, which a busy neighbour moves
// less than the requests per second. Every appeal from one address, as in bench/run.ts.
// Usage: node bench/post-across-trees.ts [--rounds 10] [--duration 2] [--connections 10]
//   [--store sqlite|postgresql] dir1 dir2 …
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { freePort } from "../tests/support/server-process.ts";
import { validAppeal } from "../tests/support/test-app.ts";
import { createPostgresDatabase } from "../tests/support/test-databases.ts";
import { cpuMicros } from "./bench-servers.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: "string", default: "10" },
    duration: { type: "string", default: "2" },
    connections: { type: "string", default: "10" },
    store: { type: "string", default: "sqlite" },
  },
});
const body = JSON.stringify(validAppeal());

async function database() {
  if (values.store === "postgresql") return createPostgresDatabase();
  const dir = await mkdtemp(join(tmpdir(), "bench-trees-"));
  return {
    url: `sqlite:${join(dir, "appeals.sqlite")}`,
    drop: () => rm(dir, { recursive: true, force: true }),
  };
}

type Running = { dir: string; url: string; pid: number; stop: () => Promise<void> };

async function start(dir: string): Promise<Running> {
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
  for (let tries = 0; ; tries++) {
    try {
      await fetch(`http://127.0.0.1:${port}/healthz`);
      break;
    } catch {
      if (tries > 600) throw new Error(`${dir} did not start`);
      await new Promise((done) => setTimeout(done, 50));
    }
  }
  return {
    dir,
    url: `http://127.0.0.1:${port}/api/users/appeals/`,
    pid: child.pid ?? 0,
    async stop() {
      const exited = new Promise((done) => child.once("exit", done));
      child.kill("SIGTERM");
      await exited;
      await store.drop();
    },
  };
}

const load = (url: string, duration: number) =>
  autocannon({
    url,
    connections: Number(values.connections),
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    duration,
  });

async function measure(server: Running) {
  const before = cpuMicros(server.pid) ?? 0;
  const result = await load(server.url, Number(values.duration));
  const cpu = ((cpuMicros(server.pid) ?? 0) - before) / result.requests.total;
  return { rps: result.requests.average, cpu, bad: result.non2xx + result.errors };
}

// Every server runs throughout, each loaded in turn for a short while: a neighbour's load
// changes less between two turns than between two whole runs.
const servers: Running[] = [];
for (const dir of positionals) servers.push(await start(resolve(dir)));
try {
  for (const server of servers) await load(server.url, 2); // warm-up
  const cpus = new Map<string, number[]>(servers.map((server) => [server.dir, []]));
  for (let round = 1; round <= Number(values.rounds); round++) {
    // The order turns each round, so neither tree always follows the other.
    const order = servers.map((_, index) => servers[(index + round) % servers.length]);
    for (const server of order) {
      if (!server) continue;
      const figures = await measure(server);
      cpus.get(server.dir)?.push(figures.cpu);
      console.log(
        `round ${round}  ${server.dir}  ${figures.rps.toFixed(0)} req/s  CPU ${figures.cpu.toFixed(1)} µs/request${figures.bad ? `  (${figures.bad} failed)` : ""}`,
      );
    }
  }
  for (const [dir, list] of cpus) {
    const sorted = [...list].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    console.log(
      `${dir}: CPU µs/request median ${median.toFixed(0)} (${list.map((v) => v.toFixed(0)).join(", ")})`,
    );
  }
} finally {
  for (const server of servers) await server.stop();
}
