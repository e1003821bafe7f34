// `npm run bench:search-page`: what `GET /search?q=…` costs on the running server (issue 29,
// decision 0043), against a bare node:http server sending a static page. The store holds
// published editions making 2,000 announcements and documents beside the site's pages: 200
// announcements (each a page of its own, 5 to 35 generated sentences of the site's words), 1,200
// documents and 600 blank forms (generated titles, each with one of the build's PDFs, whose text
// is searched too). The server builds its index at start from what it serves, as in production.
// Queries: the issue's examples, then one to three words of the corpus, a quarter with a typo,
// sent one after another (the latency of one query), then by 10 connections at once. Prints
// figures, fails nothing. Usage: npm run bench:search-page [-- --queries 400] [-- --rounds 3]
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { siteContentDefaults } from "../content/site-content-defaults.ts";
import { parseDatabaseUrl } from "../server/config.ts";
import { openDataLayer } from "../server/db/data-layer.ts";
import type { SearchDocument } from "../server/search/site-search-index.ts";
import type { SearchRefresh } from "../server/search/site-search-service.ts";
import { cpuMicros, rawAnswer, sqlite, startServer, stop } from "./bench-servers.ts";
import { benchmarkQueries, contentDocuments, generatedDocuments } from "./search-corpus.ts";
import { measureRefresh } from "./search-refresh.ts";

const { values } = parseArgs({
  options: {
    queries: { type: "string", default: "400" },
    rounds: { type: "string", default: "3" },
  },
});
const queryCount = Number(values.queries);
const rounds = Number(values.rounds);

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;

// The generated corpus (bench/search-corpus.ts), cut to what an edition may hold.
const site = await contentDocuments(new Map());
const generated = generatedDocuments(site, 2_000);
const pdfs = [
  ...siteContentDefaults.documents.groups.flatMap((group) => group.documents.map((d) => d.href)),
].filter((href) => href.endsWith(".pdf"));
const pdfOf = (index: number) => pdfs[index % pdfs.length] as string;
const titleOf = (document: SearchDocument) => document.title.slice(0, 200);

const news = {
  announcements: generated.slice(0, 200).map((document, index) => ({
    id: String(index + 1),
    title: titleOf(document),
    date: "2026-03-02",
    text: document.text.slice(0, 19_000),
  })),
};
const rows = generated.slice(200);
const documents = {
  groups: Array.from({ length: 20 }, (_, group) => ({
    id: `group-${group + 1}`,
    title: `Группа документов ${group + 1}`,
    documents: rows.slice(group * 60, group * 60 + 60).map((document, index) => ({
      title: titleOf(document),
      href: pdfOf(group * 60 + index),
    })),
  })),
};
const applications = {
  groups: Array.from({ length: 10 }, (_, group) => ({
    id: `forms-${group + 1}`,
    title: `Группа бланков ${group + 1}`,
    forms: rows.slice(1_200 + group * 60, 1_200 + group * 60 + 60).map((document, index) => ({
      id: `form-${group + 1}-${index + 1}`,
      title: titleOf(document),
      editableHref: "/forms/agrokhimicheskoe-obsledovanie.docx",
      pdfHref: pdfOf(group * 60 + index + 7),
    })),
  })),
};
const seeded =
  news.announcements.length +
  documents.groups.reduce((sum, group) => sum + group.documents.length, 0) +
  applications.groups.reduce((sum, group) => sum + group.forms.length, 0);

const database = await sqlite.create();
const data = await openDataLayer(parseDatabaseUrl(database.url));
const at = new Date();
await data.transaction(async (tx) => {
  for (const [page, content] of Object.entries({ news, documents, applications })) {
    const id = await data.siteEditions.saveDraft({ page, content, by: "bench", at }, tx);
    if (!(await data.siteEditions.publish({ id, page, from: "draft" }, "bench", at, tx))) {
      throw new Error(`${page} not published`);
    }
  }
});
await data.close();

const queries = benchmarkQueries([...site, ...generated], queryCount);
const answersDir = await mkdtemp(join(tmpdir(), "bench-search-"));
const started = performance.now();
// What the server logs of its start: the editions shown, each refresh of the search's index.
const startLog: { at: number; msg: string; ms?: number; search?: SearchRefresh }[] = [];
// It renders the 200 announcements' pages before it listens: minutes on a loaded machine.
// As production runs it (deploy/systemd): NODE_ENV=production, so React's production build
// renders the page; with React's development build a search page costs about twice the CPU.
const project = await startServer(
  "server/main.ts",
  {
    DATABASE_URL: database.url,
    REMINDER_TIME: "off",
    LOG_LEVEL: "info",
    NODE_ENV: "production",
    SITE_URL: "https://agrochem-kirov.example",
  },
  600,
  (line) => {
    if (!line.startsWith("{")) return;
    const entry = JSON.parse(line);
    if (/^(site|search):/.test(entry.msg)) startLog.push({ at: performance.now(), ...entry });
  },
);
const startMs = performance.now() - started;
console.log(
  `project server listening after ${(startMs / 1000).toFixed(1)} s (the index built from ${seeded} published announcements, documents and forms and the site's pages); its start:`,
);
// Every kind seeded is served and indexed: the last announcement, document and form by its title.
for (const title of [
  news.announcements.at(-1)?.title,
  documents.groups.at(-1)?.documents.at(-1)?.title,
  applications.groups.at(-1)?.forms.at(-1)?.title,
]) {
  const page = await (
    await fetch(`${project.base}/search?q=${encodeURIComponent(title ?? "")}`)
  ).text();
  if (!page.includes('class="search-result"')) throw new Error(`not indexed: ${title}`);
}
for (const entry of startLog) {
  const at = `at ${((entry.at - started) / 1000).toFixed(1)} s`;
  if (entry.search) {
    const done = entry.search;
    console.log(
      `  ${at}: the search's index (${done.whole ? "whole, in steps" : "in place"}) of ${done.documents} documents: pages ${done.pagesMs} ms (${done.pagesRead} read), files ${done.filesMs} ms (${done.filesRead} read), index ${done.indexMs} ms`,
    );
  } else console.log(`  ${at}: ${entry.msg}${entry.ms === undefined ? "" : ` in ${entry.ms} ms`}`);
}
await measureRefresh(project.base, { ...siteContentDefaults, news, documents, applications });
const home = await rawAnswer(`${project.base}/`);
const answersFile = join(answersDir, "answers.json");
await writeFile(
  answersFile,
  JSON.stringify({ "/": { headers: home.headers, body: home.body.toString("base64") } }),
);
const bare = await startServer("bench/bare-page-server.ts", { ANSWERS: answersFile });

/** Every URL once, one after another: each answer's time, and the server's CPU per answer. */
async function sequential(urls: readonly string[], pid: number | undefined) {
  const times: number[] = [];
  const cpuBefore = cpuMicros(pid);
  let found = 0;
  for (const url of urls) {
    const begun = performance.now();
    const response = await fetch(url, { headers: { "accept-encoding": "br" } });
    const body = await response.text();
    times.push(performance.now() - begun);
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    if (body.includes('class="search-result"')) found++;
  }
  const cpuAfter = cpuMicros(pid);
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    max: times.at(-1) ?? Number.NaN,
    found,
    cpu:
      cpuBefore !== undefined && cpuAfter !== undefined
        ? (cpuAfter - cpuBefore) / urls.length
        : undefined,
  };
}

/** `connections` clients at once, each through the whole list. */
async function concurrent(urls: readonly string[], connections: number) {
  const times: number[] = [];
  const begun = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, client) => {
      for (let i = 0; i < urls.length; i++) {
        const url = urls[(i + client * 37) % urls.length] as string;
        const start = performance.now();
        await (await fetch(url, { headers: { "accept-encoding": "br" } })).arrayBuffer();
        times.push(performance.now() - start);
      }
    }),
  );
  const seconds = (performance.now() - begun) / 1000;
  times.sort((a, b) => a - b);
  return { rps: times.length / seconds, p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

const ms = (value: number) => `${value.toFixed(2)} ms`;
try {
  const searchUrls = queries.map(
    (query) => `${project.base}/search?q=${encodeURIComponent(query)}`,
  );
  const bareUrls = queries.map(() => `${bare.base}/`);
  await sequential(searchUrls.slice(0, 50), project.child.pid); // warm-up: JIT, connections
  await sequential(bareUrls.slice(0, 50), bare.child.pid);
  for (let round = 1; round <= rounds; round++) {
    const ours = await sequential(searchUrls, project.child.pid);
    const baseline = await sequential(bareUrls, bare.child.pid);
    console.log(`round ${round} of ${rounds}, ${queries.length} requests each, one at a time:`);
    console.log(
      `  GET /search?q=…  p50 ${ms(ours.p50)}  p99 ${ms(ours.p99)}  max ${ms(ours.max)}  CPU ${ours.cpu?.toFixed(0) ?? "?"} µs/request  (${ours.found} of ${queries.length} found something)`,
    );
    console.log(
      `  bare GET /       p50 ${ms(baseline.p50)}  p99 ${ms(baseline.p99)}  max ${ms(baseline.max)}  CPU ${baseline.cpu?.toFixed(0) ?? "?"} µs/request`,
    );
  }
  const ours = await concurrent(searchUrls, 10);
  const baseline = await concurrent(bareUrls, 10);
  console.log(`10 connections, ${queries.length} requests each:`);
  console.log(
    `  GET /search?q=…  ${ours.rps.toFixed(0)} req/s  p50 ${ms(ours.p50)}  p99 ${ms(ours.p99)}`,
  );
  console.log(
    `  bare GET /       ${baseline.rps.toFixed(0)} req/s  p50 ${ms(baseline.p50)}  p99 ${ms(baseline.p99)}`,
  );
} finally {
  await stop(project.child);
  await stop(bare.child);
  await database.drop();
  await rm(answersDir, { recursive: true, force: true });
}
