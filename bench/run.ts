// `npm run bench`: the project's server beside bare node:http baselines doing the same work, each
// in a process of its own, loaded by autocannon from this process. Prints figures and ratios; it
// passes or fails nothing. Usage: npm run bench [-- --duration 10] [-- --rows 1000000]
// [-- --only posts|pages] [-- --store sqlite|postgresql] [-- --rounds 3] [-- --log-level silent]
// (--rows 0 leaves out the POSTs on a full store)
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { get } from "node:http";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon, { type Result } from "autocannon";
import { freePort } from "../tests/support/server-process.ts";
import { validAppeal } from "../tests/support/test-app.ts";
import { createPostgresDatabase, type TestDatabase } from "../tests/support/test-databases.ts";
import { prefillAppeals } from "./prefill-appeals.ts";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    rows: { type: "string", default: "1000000" },
    // "posts" or "pages": one half of the run.
    only: { type: "string" },
    // "SQLite" or "PostgreSQL": the POSTs on one store.
    store: { type: "string" },
    // How many rounds of project and bare (interleaved; the machine may be shared).
    rounds: { type: "string", default: "1" },
    // The project's log level for the page GETs: "info" (its default, one line per request) or
    // "silent".
    "log-level": { type: "string", default: "info" },
  },
});
const duration = Number(values.duration);
const fullStoreRows = Number(values.rows);
const rounds = Number(values.rounds);
const node = "node_modules/.bin/node";

const appeal = JSON.stringify(validAppeal());

type Figures = {
  rps: number;
  p50: number;
  p99: number;
  bad: number;
  /** The server's CPU time (user + system) per answered request, in µs, when its pid is known. */
  cpuPerRequest?: number;
};

/**
 * A process's CPU time so far in µs, from /proc (Linux): what a server spent, whatever else the
 * machine ran meanwhile. Requests per second move with a busy neighbour; this much less.
 */
function cpuMicros(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    // utime and stime, fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / 100;
  } catch {
    return undefined;
  }
}

async function startServer(script: string, env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(node, [script], {
    env: { ...process.env, LOG_LEVEL: "silent", ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      await fetch(`${base}/`);
      break;
    } catch {
      if (tries > 600) throw new Error(`${script} did not start`);
      await new Promise((done) => setTimeout(done, 50));
    }
  }
  return { base, child };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  child.kill("SIGTERM");
  await exited;
}

async function load(
  url: string,
  connections: number,
  post: boolean,
  pid?: number,
): Promise<Figures> {
  const headers: Record<string, string> = post
    ? { "content-type": "application/json" }
    : { "accept-encoding": "br" };
  const options = {
    url,
    connections,
    headers,
    ...(post ? { method: "POST", body: appeal } : {}),
  };
  await autocannon({ ...options, duration: 2 }); // warm-up: JIT, connections, caches
  const cpuBefore = cpuMicros(pid);
  const result: Result = await autocannon({ ...options, duration });
  const cpuAfter = cpuMicros(pid);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
    ...(cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0
      ? { cpuPerRequest: (cpuAfter - cpuBefore) / result.requests.total }
      : {}),
  };
}

/** The bare server's CPU per request over the project's: what the project's work costs. */
const cpuRatio = (ours: Figures, baseline: Figures) =>
  ours.cpuPerRequest && baseline.cpuPerRequest
    ? (baseline.cpuPerRequest / ours.cpuPerRequest).toFixed(2)
    : "?";

const show = (f: Figures) =>
  `${f.rps.toFixed(0).padStart(6)} req/s  p50 ${String(f.p50).padStart(3)} ms  p99 ${String(f.p99).padStart(3)} ms${f.cpuPerRequest === undefined ? "" : `  CPU ${f.cpuPerRequest.toFixed(1)} µs/request`}${f.bad ? `  (${f.bad} failed)` : ""}`;

type Store = { name: string; create(): Promise<TestDatabase> };
const sqlite: Store = {
  name: "SQLite",
  async create() {
    const dir = await mkdtemp(join(tmpdir(), "bench-"));
    return {
      url: `sqlite:${join(dir, "appeals.sqlite")}`,
      drop: () => rm(dir, { recursive: true, force: true }),
    };
  },
};
const stores: Store[] = [sqlite, { name: "PostgreSQL", create: createPostgresDatabase }];

// The project's server with its limits out of the way: one client sends everything here.
const projectEnv = { RATE_LIMIT_PER_MINUTE: "1000000", RATE_LIMIT_PER_DAY: "1000000" };

/**
 * The headers the project answers with, minus those each server writes for itself: the bare
 * baselines send them too, so both put the same bytes on the wire and the ratio is the cost of
 * the project's work, not of its header bytes.
 */
async function answerHeaders(url: string, init: RequestInit): Promise<string> {
  const response = await fetch(url, init);
  await response.arrayBuffer();
  const own = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);
  return JSON.stringify(
    Object.fromEntries([...response.headers].filter(([name]) => !own.has(name))),
  );
}

const appealRequest: RequestInit = {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: appeal,
};
let appealAnswerHeaders = "{}";

async function postRun(
  script: string,
  store: Store,
  connections: number,
  rows = 0,
  extraEnv: Record<string, string> = {},
) {
  const database = await store.create();
  try {
    if (rows > 0) await prefillAppeals(database.url, rows);
    const project = script === "server/main.ts";
    const env = project ? projectEnv : { HEADERS: appealAnswerHeaders, ...extraEnv };
    const { base, child } = await startServer(script, { ...env, DATABASE_URL: database.url });
    try {
      const url = `${base}/api/users/appeals/`;
      if (project) appealAnswerHeaders = await answerHeaders(url, appealRequest);
      return await load(url, connections, true, child.pid);
    } finally {
      await stop(child);
    }
  } finally {
    await database.drop();
  }
}

console.log(
  `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), Node ${process.version}; ${duration} s per run after 2 s warm-up`,
);
console.log(
  "Baselines are bare node:http servers in their own processes, run right after the project's,",
);
console.log("sending the same headers as the project's answer.\n");

const postStores = stores.filter(
  (store) => values.store === undefined || store.name.toLowerCase() === values.store.toLowerCase(),
);
for (const store of values.only === "pages" ? [] : postStores) {
  // Every appeal from one address: the cap on acknowledgements at its worst (decision 0025).
  console.log(`POST /api/users/appeals/ on ${store.name}, every appeal from one address`);
  const emptyP99: Record<number, number> = {};
  for (const connections of [10, 50]) {
    for (let round = 1; round <= rounds; round++) {
      // Who goes first alternates, so a neighbour's load favours neither.
      const runProject = () => postRun("server/main.ts", store, connections);
      const runBare = () => postRun("bench/bare-appeals-server.ts", store, connections);
      const project = round % 2 === 1 ? await runProject() : undefined;
      const bare = await runBare();
      const ours = project ?? (await runProject());
      emptyP99[connections] = ours.p99;
      const label = `  ${connections} connections${rounds > 1 ? `, round ${round}` : ""}`;
      console.log(`${label}  project ${show(ours)}`);
      console.log(`${label}  bare    ${show(bare)}`);
      console.log(
        `${label}  ratio   ${(ours.rps / bare.rps).toFixed(2)} of bare (CPU per request: ${cpuRatio(ours, bare)} of bare's rate)`,
      );
      // On PostgreSQL the rate limit is shared by app servers through the database: two more
      // statements per appeal, which the bare baseline does not make. Shown on its own.
      if (store.name === "PostgreSQL") {
        const limited = await postRun("bench/bare-appeals-server.ts", store, connections, 0, {
          RATE_LIMIT: "shared",
        });
        console.log(`${label}  bare + shared rate limit ${show(limited)}`);
        console.log(
          `${label}  ratio   ${(ours.rps / limited.rps).toFixed(2)} of bare + shared rate limit (CPU ${cpuRatio(ours, limited)})`,
        );
      }
    }
  }
  if (fullStoreRows === 0) continue;
  const full = await postRun("server/main.ts", store, 10, fullStoreRows);
  console.log(`  10 connections, ${fullStoreRows} stored  project ${show(full)}`);
  console.log(
    `  p99 with ${fullStoreRows} stored / empty store: ${(full.p99 / (emptyP99[10] || 1)).toFixed(2)}\n`,
  );
}

const pages = ["/", "/services/special_offer"];

/**
 * The project's answer to a page GET as it went on the wire: status, headers in order (minus
 * Date and the connection's own, which node:http writes itself) and the still-compressed body.
 */
function rawAnswer(url: string): Promise<{ headers: string[]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "accept-encoding": "br" } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
        const own = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);
        const headers: string[] = [];
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          const name = response.rawHeaders[i] ?? "";
          if (!own.has(name.toLowerCase())) headers.push(name, response.rawHeaders[i + 1] ?? "");
        }
        resolve({ headers, body: Buffer.concat(chunks) });
      });
    }).on("error", reject);
  });
}

if (values.only !== "posts") {
  const database = await sqlite.create();
  const project = await startServer("server/main.ts", {
    ...projectEnv,
    DATABASE_URL: database.url,
    LOG_LEVEL: values["log-level"],
  });
  const answersDir = await mkdtemp(join(tmpdir(), "bench-pages-"));
  const answersFile = join(answersDir, "answers.json");
  const answers: Record<string, { headers: string[]; body: string }> = {};
  for (const page of pages) {
    const answer = await rawAnswer(`${project.base}${page}`);
    answers[page] = { headers: answer.headers, body: answer.body.toString("base64") };
  }
  await writeFile(answersFile, JSON.stringify(answers));
  const bare = await startServer("bench/bare-page-server.ts", { ANSWERS: answersFile });
  const ratios = new Map<string, string[]>(pages.map((page) => [page, []]));
  try {
    for (let round = 1; round <= rounds; round++) {
      for (const page of pages) {
        console.log(
          `GET ${page} (brotli, ${Buffer.from(answers[page]?.body ?? "", "base64").length} B from memory), 10 connections, round ${round} of ${rounds}`,
        );
        // Who goes first alternates, so a neighbour's load or the JIT's warming favours neither.
        const order = round % 2 === 1 ? [project, bare] : [bare, project];
        const [first, second] = [
          await load(`${order[0]?.base}${page}`, 10, false, order[0]?.child.pid),
          await load(`${order[1]?.base}${page}`, 10, false, order[1]?.child.pid),
        ];
        const [ours, baseline] = order[0] === project ? [first, second] : [second, first];
        console.log(`  project ${show(ours)}`);
        console.log(`  bare    ${show(baseline)}`);
        const ratio = (ours.rps / baseline.rps).toFixed(2);
        const cpu = cpuRatio(ours, baseline);
        console.log(`  ratio   ${ratio} of bare (CPU per request: ${cpu} of bare's rate)\n`);
        ratios.get(page)?.push(`${ratio} (CPU ${cpu})`);
      }
    }
    for (const page of pages) console.log(`GET ${page}: ratios ${ratios.get(page)?.join(", ")}`);
  } finally {
    await stop(project.child);
    await stop(bare.child);
    await database.drop();
    await rm(answersDir, { recursive: true, force: true });
  }
}
