// How well the site's search answers what visitors type (issue 42, decision 0059), and what it
// costs: the project's relevance set (server/search/relevance-set.ts) over the built site as the
// server serves it (its pages, the build's PDFs, the content's defaults with their synonyms and
// best answers): top-1, top-3 and MRR; then the same pages with 2,000 generated announcements and
// documents (bench/search-corpus.ts) beside them: the set's figures again, and each query's time,
// p50/p99 over the set and a few hundred of the corpus's queries, synonyms and best answers in.
// Needs the build. Usage: node --expose-gc bench/search-relevance.ts [rounds] [queries]
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { siteContentDefaults } from "../content/site-content-defaults.ts";
import { prepareSearchSettings } from "../domain/search/search-query.ts";
import { pageText } from "../server/search/page-text.ts";
import { type RelevanceScore, scoreRelevance } from "../server/search/relevance-set.ts";
import { searchOverTheBuild } from "../server/search/search-over-the-build.ts";
import { servedPages } from "../server/search/served-documents.ts";
import { buildSiteSearchIndex, type SearchDocument } from "../server/search/site-search-index.ts";
import { benchmarkQueries, contentDocuments, generatedDocuments } from "./search-corpus.ts";

const rounds = Number(process.argv[2] ?? 3);
const queryCount = Number(process.argv[3] ?? 400);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
const ms = (value: number) => value.toFixed(2);

function report(name: string, score: RelevanceScore) {
  console.log(
    `${name}: ${score.questions} questions, top-1 ${score.top1} (${((100 * score.top1) / score.questions).toFixed(0)} %), top-3 ${score.top3} (${((100 * score.top3) / score.questions).toFixed(0)} %), MRR ${score.mrr.toFixed(3)}`,
  );
  for (const entry of score.ranks.filter((ranked) => ranked.rank !== 1))
    console.log(
      `  «${entry.query}»: ${entry.rank === 0 ? "not in the results" : `#${entry.rank}`} (${entry.found.slice(0, 3).join(", ")})`,
    );
}

const served = await searchOverTheBuild();
report("The built site", scoreRelevance(served.search));

// The same pages with 2,000 generated documents beside them.
const pages: SearchDocument[] = servedPages(siteContentDefaults).flatMap((path) => {
  try {
    const html = readFileSync(`build/client${path === "/" ? "" : path}/index.html`, "utf8");
    return [{ path, section: "", ...pageText(html) }];
  } catch {
    return [];
  }
});
const site = await contentDocuments(new Map());
const corpus = [...pages, ...generatedDocuments(site, 2000)];
const settings = prepareSearchSettings(siteContentDefaults.search);
const queries = [
  ...scoreRelevance(() => ({ hits: [] })).ranks.map((entry) => entry.query),
  ...benchmarkQueries(corpus, queryCount),
];
console.log(
  `\n${corpus.length} documents (${pages.length} built pages, 2000 generated); ${queries.length} queries; ${settings.synonyms.length} synonyms (each way), ${settings.bestAnswers.size} best answers.`,
);
for (let round = 1; round <= rounds; round++) {
  gc();
  let started = performance.now();
  const index = buildSiteSearchIndex(corpus);
  const buildMs = performance.now() - started;
  const search = (query: string) => index.search(query, { settings });
  for (const query of queries.slice(0, 30)) search(query); // warm-up
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let partial = 0;
  for (const query of queries) {
    const cpuBefore = process.cpuUsage();
    started = performance.now();
    const { hits } = search(query);
    times.push(performance.now() - started);
    const cpu = process.cpuUsage(cpuBefore);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
    if (hits.some((hit) => hit.missing)) partial++;
  }
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  console.log(
    `Round ${round}: build ${buildMs.toFixed(0)} ms; query p50 ${ms(percentile(times, 50))} ms, p99 ${ms(percentile(times, 99))} ms, max ${ms(times.at(-1) ?? 0)} ms (CPU time p50 ${ms(percentile(cpuTimes, 50))} ms, p99 ${ms(percentile(cpuTimes, 99))} ms); ${partial} queries with partial results`,
  );
  if (round === rounds)
    report("The built pages with 2,000 generated documents", scoreRelevance(search));
}
process.exit(0);
