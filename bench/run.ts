// `npm run bench`: the project's server beside bare node:http baselines doing the same work, each
// in a process of its own, loaded by autocannon from this process. Prints figures and ratios; it
// passes or fails nothing. Usage: npm run bench [-- --duration 10] [-- --rows 1000000]
// [-- --only posts|pages|files] [-- --store sqlite|postgresql] [-- --rounds 3] [-- --log-level silent]
// (--rows 0 leaves out the POSTs on a full store)
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { multipartBody, pdfOfSize } from "../tests/support/appeal-files.ts";
import { validAppeal } from "../tests/support/test-app.ts";
import {
  cpuRatio,
  type Figures,
  load as loadOn,
  rawAnswer,
  type Store,
  show,
  sqlite,
  startServer,
  stop,
  stores,
} from "./bench-servers.ts";
import { prefillAppeals } from "./prefill-appeals.ts";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    rows: { type: "string", default: "1000000" },
    // "posts" or "pages": one half of the run; "files": only the appeals with a 1 MB file.
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

const appeal = JSON.stringify(validAppeal());

/** A GET asking for brotli, or (post) the valid appeal, for the run's duration. */
const load = (url: string, connections: number, post: boolean, pid?: number): Promise<Figures> =>
  loadOn(url, { connections, duration, pid, ...(post ? { post: appeal } : {}) });

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
// Appeals with a 1 MB file (decision 0045): multipart, the file checked by content and stored in
// the appeal's transaction. No bare baseline: the figure is the project's own throughput.
if (values.only === "files") {
  const { payload, contentType } = await multipartBody(validAppeal(), [
    { name: "анализ.pdf", content: pdfOfSize(1024 * 1024) },
  ]);
  for (const store of postStores) {
    console.log(`POST /api/users/appeals/ with a 1 MB PDF on ${store.name}, one address`);
    for (let round = 1; round <= rounds; round++) {
      const database = await store.create();
      const server = await startServer("server/main.ts", {
        ...projectEnv,
        DATABASE_URL: database.url,
      });
      try {
        const url = `${server.base}/api/users/appeals/`;
        const figures = await loadOn(url, {
          connections: 10,
          duration,
          post: payload,
          contentType,
          pid: server.child.pid,
        });
        const megabytes = ((figures.rps * payload.length) / 1024 / 1024).toFixed(1);
        console.log(
          `  10 connections, round ${round}  ${show(figures)}  (${megabytes} MB/s of files)`,
        );
      } finally {
        await stop(server.child);
        await database.drop();
      }
    }
  }
}

for (const store of values.only === "pages" || values.only === "files" ? [] : postStores) {
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

if (values.only !== "posts" && values.only !== "files") {
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
