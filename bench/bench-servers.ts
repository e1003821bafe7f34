// What the benchmarks share: a server in a process of its own (the project's or a bare
// baseline), autocannon's load on it with the server's CPU per request, the figures as printed,
// and the project's answer to a page GET as it went on the wire (for the bare page server).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import autocannon, { type Result } from "autocannon";
import { processCpuSeconds } from "../tests/support/process-cpu.ts";
import { freePort } from "../tests/support/server-process.ts";
import { createPostgresDatabase, type TestDatabase } from "../tests/support/test-databases.ts";

const node = "node_modules/.bin/node";

export type Figures = {
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
export function cpuMicros(pid: number | undefined): number | undefined {
  const seconds = processCpuSeconds(pid, false);
  return seconds === undefined ? undefined : seconds * 1_000_000;
}

/**
 * `startSeconds`: how long it may take to answer (a server showing many published pages);
 * `onLine`: each line the server writes to its standard output (its log, if LOG_LEVEL is set).
 */
export async function startServer(
  script: string,
  env: Record<string, string>,
  startSeconds = 30,
  onLine?: (line: string) => void,
) {
  const port = await freePort();
  const child = spawn(node, [script], {
    env: { ...process.env, LOG_LEVEL: "silent", ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", onLine ? "pipe" : "ignore", "inherit"],
  });
  if (onLine && child.stdout) createInterface({ input: child.stdout }).on("line", onLine);
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      await fetch(`${base}/`);
      break;
    } catch {
      if (tries > startSeconds * 20) throw new Error(`${script} did not start`);
      await new Promise((done) => setTimeout(done, 50));
    }
  }
  return { base, child };
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  child.kill("SIGTERM");
  await exited;
}

/**
 * autocannon's load on `url` for `duration` seconds after a 2-second warm-up: a GET asking for
 * brotli, or a POST of `post` (JSON unless `contentType` says otherwise). The server's CPU per request when its pid is given.
 */
export async function load(
  url: string,
  options: {
    connections: number;
    duration: number;
    post?: string | Buffer;
    /** The POST's type: JSON unless said (a multipart appeal with files, decision 0045). */
    contentType?: string;
    pid?: number | undefined;
  },
): Promise<Figures> {
  const { connections, duration, post, pid } = options;
  const contentType = options.contentType ?? "application/json";
  const headers: Record<string, string> =
    post !== undefined ? { "content-type": contentType } : { "accept-encoding": "br" };
  const request = {
    url,
    connections,
    headers,
    ...(post !== undefined ? { method: "POST", body: post } : {}),
  };
  await autocannon({ ...request, duration: 2 }); // warm-up: JIT, connections, caches
  const cpuBefore = cpuMicros(pid);
  const result: Result = await autocannon({ ...request, duration });
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
export const cpuRatio = (ours: Figures, baseline: Figures) =>
  ours.cpuPerRequest && baseline.cpuPerRequest
    ? (baseline.cpuPerRequest / ours.cpuPerRequest).toFixed(2)
    : "?";

export const show = (f: Figures) =>
  `${f.rps.toFixed(0).padStart(6)} req/s  p50 ${String(f.p50).padStart(3)} ms  p99 ${String(f.p99).padStart(3)} ms${f.cpuPerRequest === undefined ? "" : `  CPU ${f.cpuPerRequest.toFixed(1)} µs/request`}${f.bad ? `  (${f.bad} failed)` : ""}`;

/**
 * The project's answer to a page GET as it went on the wire: status, headers in order (minus
 * Date and the connection's own, which node:http writes itself) and the still-compressed body.
 */
export function rawAnswer(url: string): Promise<{ headers: string[]; body: Buffer }> {
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

/** A store of a benchmark run: a fresh SQLite file, or a PostgreSQL schema of its own. */
export type Store = { name: string; create(): Promise<TestDatabase> };
export const sqlite: Store = {
  name: "SQLite",
  async create() {
    const dir = await mkdtemp(join(tmpdir(), "bench-"));
    return {
      url: `sqlite:${join(dir, "appeals.sqlite")}`,
      drop: () => rm(dir, { recursive: true, force: true }),
    };
  },
};
export const stores: Store[] = [sqlite, { name: "PostgreSQL", create: createPostgresDatabase }];
