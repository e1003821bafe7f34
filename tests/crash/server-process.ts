// The real server (node server/main.ts) as a child process on a free port, for the crash tests.
import { type ChildProcess, spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort } from "../../server/mail/test-smtp-server.ts";

export type Server = { child: ChildProcess; baseUrl: string; output: () => string };

/** Starts the server on the store and resolves once /healthz answers. */
export async function startServer(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "info",
      // Every request comes from 127.0.0.1.
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
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited at start:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return { child, baseUrl, output: () => output };
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

/** Kills the server with SIGKILL unless it has already exited. */
export async function killServer(server: Server | undefined) {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill("SIGKILL");
    await exited(server.child);
  }
}
