// The real server (node server/main.ts) as a child process, as `npm start` runs it, for the
// fault tests, the server-process tests and the benchmarks: started on a free port against a
// given store, stopped by a signal of the caller's choosing.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

const reactProduction = new URL("./react-production.ts", import.meta.url).pathname;

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  output: () => string;
};

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** Starts the server and waits until it listens (any answer of /healthz, 200 or 503). */
export async function startServer(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  return startServerOnPort(await freePort(), databaseUrl, env);
}

/**
 * The same on a given port: a server behind a proxy comes back where the proxy's configuration
 * expects it after a restart. `startMs`: how long the start may take at most. A start takes about
 * a second on a quiet machine; on one loaded by other work it has been seen to take over 15 s, and
 * over 45 s with one core kept busy beside the suite (load average 21: 11 s between two of its
 * log lines). The server's own bound is the same two minutes (`pluginTimeout`, server/app.ts): a
 * start that is merely slow must finish; one that is stuck still fails.
 */
export async function startServerOnPort(
  port: number,
  databaseUrl: string,
  env: Record<string, string> = {},
  startMs = 120_000,
): Promise<ServerProcess> {
  // React's production build, as production runs it (tests/support/react-production.ts).
  const child = spawn(process.execPath, ["--import", reactProduction, "server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "info",
      // Every request of a burst comes from 127.0.0.1.
      RATE_LIMIT_PER_MINUTE: "1000000",
      RATE_LIMIT_PER_DAY: "1000000",
      // The daily reminder is a mail too: off, so the counts of mails are the appeals' alone.
      REMINDER_TIME: "off",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited at start:\n${output}`);
    try {
      await fetch(`${baseUrl}/healthz`);
      return { child, port, baseUrl, output: () => output };
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  child.kill("SIGKILL");
  throw new Error(`server did not answer /healthz:\n${output}`);
}

export function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once("exit", () => resolve()));
}

export async function killIfRunning(server: ServerProcess | undefined) {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill("SIGKILL");
    await exited(server.child);
  }
}
