// `npm run bench:publish-worst-news`: whether an editor's valid text can stall the server (issue
// 40). The real server on a fresh SQLite store; a head signs in and publishes «Новости и
// объявления» with 200 announcements of 20,000 characters each (the schema's limits), as the
// editor's form posts them, while a worker thread asks /healthz every few ms. Two runs: plain
// announcements (sentences, some bold, some links: the baseline) and the worst texts for the
// markup parser (thousands of unclosed `[`, `[x](`, `](`, `**`, and a list marker before 20,000
// spaces and a line separator). Each run: the publish's answer time, the longest /healthz wait
// while publishing and for the settle time after it (the search's indexing, the strongest
// compression), then a restart on the same store (every page rendered again at start) and its
// time. Prints figures and the worst run's ratios to the baseline's; fails nothing.
// Usage: npm run bench:publish-worst-news [-- --settle 5] [-- --interval 5] [-- --only worst];
// BENCH_NODE_OPTIONS gives the first server node options (e.g. "--cpu-prof --cpu-prof-dir=DIR").
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { maxAnnouncements } from "../domain/site-content/news-content.ts";
import { parseDatabaseUrl } from "../server/config.ts";
import { openDataLayer } from "../server/db/data-layer.ts";
import { hashPassword } from "../server/staff/auth/passwords.ts";
import { startServer } from "../tests/support/server-process.ts";
import { StaffHttpBrowser } from "../tests/support/staff-http.ts";
import { stop } from "./bench-servers.ts";

/**
 * What the poller reports: the longest wait for /healthz's answer, how many it asked, and the
 * five longest waits with when each was asked (Date.now()).
 */
type Stalls = {
  longestMs: number;
  polls: number;
  failed: number;
  longest: { askedAt: number; waitMs: number }[];
};

if (!isMainThread) {
  // The poller, on a thread of its own: building and sending the 4 MB form on the main thread
  // never delays a poll, so what it measures is the server's.
  const { url, intervalMs } = workerData as { url: string; intervalMs: number };
  let polling = true;
  const stalls: Stalls = { longestMs: 0, polls: 0, failed: 0, longest: [] };
  parentPort?.on("message", () => {
    polling = false;
  });
  while (polling) {
    const askedAt = Date.now();
    const asked = performance.now();
    try {
      const answer = await fetch(url);
      await answer.arrayBuffer();
    } catch {
      stalls.failed += 1;
    }
    const waitMs = performance.now() - asked;
    stalls.longestMs = Math.max(stalls.longestMs, waitMs);
    stalls.longest = [...stalls.longest, { askedAt, waitMs }]
      .sort((a, b) => b.waitMs - a.waitMs)
      .slice(0, 5);
    stalls.polls += 1;
    await sleep(intervalMs);
  }
  parentPort?.postMessage(stalls);
} else {
  await main();
}

/** The server's longest event-loop delay since the last scrape of /metrics, in ms. */
async function serverLagMs(baseUrl: string): Promise<number> {
  const metrics = await (await fetch(`${baseUrl}/metrics`)).text();
  const seconds = /^nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(metrics)?.[1];
  if (seconds === undefined) throw new Error("/metrics has no nodejs_eventloop_lag_max_seconds");
  return Number(seconds) * 1000;
}

async function main() {
  const { values } = parseArgs({
    options: {
      settle: { type: "string", default: "5" },
      interval: { type: "string", default: "5" },
      only: { type: "string" },
    },
  });
  const settleMs = Number(values.settle) * 1000;
  const intervalMs = Number(values.interval);
  const textLength = 20_000;

  const sentence =
    "Агрохимическое обследование почв **Кировской области** проводится по [графику](/services). ";
  const fill = (unit: string) => unit.repeat(Math.floor(textLength / unit.length));
  const worstTexts = [
    fill("["),
    fill("[x]("),
    fill("]("),
    fill("**"),
    fill("[a**](b"),
    fill("[x](a"),
    `- ${" ".repeat(textLength - 6)}a\u2028b`,
  ];
  // Each text begins with its announcement's number: no two alike, as editors write them (the
  // route data of /news carries every text, and equal ones are sent once).
  const numbered = (n: number, text: string) => `${n + 1} ${text}`.slice(0, textLength);
  const runs = [
    { name: "plain", text: (n: number) => numbered(n, fill(sentence)) },
    { name: "worst", text: (n: number) => numbered(n, worstTexts[n % worstTexts.length] ?? "") },
  ];

  const chosen = runs.filter((run) => values.only === undefined || run.name === values.only);
  const results = new Map<
    string,
    { postMs: number; stalls: Stalls; restartMs: number; serverLag: number }
  >();
  for (const run of chosen) {
    const dir = await mkdtemp(join(tmpdir(), "bench-worst-news-"));
    const databaseUrl = `sqlite:${join(dir, "appeals.sqlite")}`;
    try {
      const data = await openDataLayer(parseDatabaseUrl(databaseUrl));
      const password = "correct horse battery staple";
      await data.staffAccounts.addUser("hanna", await hashPassword(password), new Date(), {
        role: "head",
      });
      await data.close();
      // React's production build, as production renders pages (tests/support/server-process.ts).
      let server = await startServer(databaseUrl, {
        LOG_LEVEL: "warn",
        NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS ?? "",
      });
      const head = new StaffHttpBrowser(server.baseUrl);
      await head.signIn("hanna", password);
      await head.get("/staff/site/news");
      const form = new FormData();
      form.set("_csrf", head.csrfToken);
      form.set("ncount", String(maxAnnouncements));
      for (let n = 0; n < maxAnnouncements; n += 1) {
        form.set(`n${n}.id`, String(n + 1));
        form.set(`n${n}.title`, `Объявление ${n + 1}`);
        form.set(`n${n}.date`, `2026-${String(1 + (n % 12)).padStart(2, "0")}-15`);
        form.set(`n${n}.text`, run.text(n));
        for (const field of ["imageHref", "imageFile", "imageAlt"]) form.set(`n${n}.${field}`, "");
      }
      form.set("intent", "publish");

      const poller = new Worker(new URL(import.meta.url), {
        workerData: { url: `${server.baseUrl}/healthz`, intervalMs },
      });
      const polled = new Promise<Stalls>((resolve) => poller.once("message", resolve));
      await sleep(500); // the poller's first answers: its own start is not the server's stall
      // The server's own longest event-loop delay (prom-client's, reset by each scrape of
      // /metrics): what the server stalled, apart from this process's own delays in asking.
      await serverLagMs(server.baseUrl);
      const postedAt = Date.now();
      const posted = performance.now();
      const answer = await fetch(`${server.baseUrl}/staff/site/news`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: server.baseUrl, cookie: head.cookie },
        body: form,
      });
      await answer.arrayBuffer();
      const postMs = performance.now() - posted;
      if (answer.status !== 303 || !answer.headers.get("location")?.includes("done=published")) {
        throw new Error(`${run.name}: the publish answered ${answer.status}`);
      }
      await sleep(settleMs);
      poller.postMessage("stop");
      const stalls = await polled;
      const serverLag = await serverLagMs(server.baseUrl);
      await poller.terminate();
      const page = await fetch(`${server.baseUrl}/news/${maxAnnouncements}`);
      if (page.status !== 200) throw new Error(`${run.name}: /news/200 answered ${page.status}`);

      await stop(server.child);
      const restarted = performance.now();
      server = await startServer(databaseUrl, { LOG_LEVEL: "warn" });
      const restartMs = performance.now() - restarted;
      const after = await fetch(`${server.baseUrl}/news/${maxAnnouncements}`);
      await stop(server.child);
      if (after.status !== 200) throw new Error(`${run.name}: after the restart ${after.status}`);

      results.set(run.name, { postMs, stalls, restartMs, serverLag });
      const when = stalls.longest
        .map(({ askedAt, waitMs }) => `${waitMs.toFixed(0)} ms at +${askedAt - postedAt} ms`)
        .join(", ");
      console.log(
        `${run.name}: ${maxAnnouncements} announcements of ${textLength} characters published in ${postMs.toFixed(0)} ms; longest /healthz wait ${stalls.longestMs.toFixed(1)} ms (${stalls.polls} polls every ${intervalMs} ms over the publish and ${settleMs / 1000} s after it, ${stalls.failed} failed); the server's longest event-loop delay ${serverLag.toFixed(1)} ms; restart on this store answered in ${restartMs.toFixed(0)} ms\n  the longest waits, from the publish's start (its answer at +${postMs.toFixed(0)} ms): ${when}`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  const plain = results.get("plain");
  const worst = results.get("worst");
  if (plain && worst) {
    const ratio = (a: number, b: number) => (a / b).toFixed(2);
    console.log(
      `worst / plain: longest /healthz wait ${ratio(worst.stalls.longestMs, plain.stalls.longestMs)}×, the server's longest event-loop delay ${ratio(worst.serverLag, plain.serverLag)}×, publish ${ratio(worst.postMs, plain.postMs)}×, restart ${ratio(worst.restartMs, plain.restartMs)}×; the issue's bound for the worst: under 100 ms (/healthz ${worst.stalls.longestMs < 100 ? "held" : "NOT held"}, the server's event loop ${worst.serverLag < 100 ? "held" : "NOT held"})`,
    );
  }
}
