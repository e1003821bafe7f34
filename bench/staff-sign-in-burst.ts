// Staff sign-in under a burst (issue 20, decision 0014): a real server process (server/main.ts,
// behind a trusted proxy so each request can name its client address) gets 40 wrong sign-ins at
// once from one address while a staff member signs in from another 100 ms later. Prints the
// answers' statuses, the staff member's latency and the server's peak resident memory (VmHWM).
// Not a test: it prints figures. Needs `npm run build`.
// Usage: node bench/staff-sign-in-burst.ts [sqlite|postgres] [burst size]   (defaults sqlite, 40)
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { killIfRunning, startServer } from "../tests/support/server-process.ts";
import { createPostgresDatabase, createSqliteDatabase } from "../tests/support/test-databases.ts";

const kind = process.argv[2] === "postgres" ? "postgres" : "sqlite";
const burstSize = Number(process.argv[3] ?? 40);
const password = "correct horse battery";
const run = promisify(execFile);

async function signIn(baseUrl: string, address: string, login: string, secret: string) {
  const form = await fetch(`${baseUrl}/staff/login`, { headers: { "x-forwarded-for": address } });
  const html = await form.text();
  const token = (/name="_csrf" value="([^"]*)"/.exec(html)?.[1] ?? "").replace(/&amp;/g, "&");
  const cookie = form.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const started = performance.now();
  const response = await fetch(`${baseUrl}/staff/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: baseUrl,
      cookie,
      "x-forwarded-for": address,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ login, password: secret, _csrf: token }).toString(),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

const database =
  kind === "postgres" ? await createPostgresDatabase() : await createSqliteDatabase();
await run(process.execPath, ["scripts/staff-cli.ts", "add", "fedor"], {
  env: { ...process.env, DATABASE_URL: database.url, STAFF_PASSWORD: password },
});
const server = await startServer(database.url, { TRUST_PROXY: "1" });
try {
  // One unknown login first: the server has been up a while.
  await signIn(server.baseUrl, "192.0.2.39", "nobody", "guess");
  const burst = Array.from({ length: burstSize }, (_, index) =>
    signIn(server.baseUrl, "192.0.2.40", `nobody${index}`, "guess"),
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  const real = await signIn(server.baseUrl, "10.0.0.5", "fedor", password);
  const burstStarted = performance.now();
  const answers = await Promise.all(burst);
  const statuses: Record<number, number> = {};
  for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1;
  const status = readFileSync(`/proc/${server.child.pid}/status`, "utf8");
  const peakKb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  console.log(
    JSON.stringify({
      store: kind,
      burst: statuses,
      burstAnsweredAfterRealMs: Math.round(performance.now() - burstStarted),
      realSignIn: { status: real.status, ms: Math.round(real.ms) },
      peakResidentMiB: Math.round(peakKb / 1024),
    }),
  );
} finally {
  await killIfRunning(server);
  await database.drop();
}
