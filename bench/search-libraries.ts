// Which library the site's search is built on (issue 29, decision 0042): MiniSearch and Orama,
// each with the same words and Snowball Russian stems (domain/search/search-text.ts), over the
// site's content and 2,000 generated announcements and documents (bench/search-corpus.ts). Per
// library and round: the index's build time and heap, query p50/p99 over a few hundred queries
// (the issue's examples and typos among them), and whether each example finds its document.
// Then the PDF text of public/ with unpdf and with pdfjs-dist. Not a test: it prints figures.
// Wall time and the process's CPU time are both given: on a loaded machine the wall time counts
// the waits for a core too.
// Usage: node --expose-gc bench/search-libraries.ts [rounds] [queries]   (defaults 3 and 400)
import { execFileSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { create, insertMultiple, type Orama, search } from "@orama/orama";
import { stemmer as oramaStemmer } from "@orama/stemmers/russian";
import MiniSearch from "minisearch";
import snowball from "snowball-stemmers";
import { foldText, queryTerms, searchTerm, textWords } from "../domain/search/search-text.ts";
import {
  buildSiteSearchIndex,
  miniSearchOptions,
  type SearchDocument,
} from "../server/search/site-search-index.ts";
import {
  benchmarkQueries,
  contentDocuments,
  examples,
  generatedDocuments,
  probes,
} from "./search-corpus.ts";
import type { PdfRun } from "./search-pdf-text.ts";

const rounds = Number(process.argv[2] ?? 3);
const queryCount = Number(process.argv[3] ?? 400);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

/** One candidate: builds its index and answers a query with the paths found, best first. */
type Candidate = { name: string; build: (docs: SearchDocument[]) => (query: string) => string[] };

const candidates: Candidate[] = [
  {
    name: "MiniSearch 7",
    build(docs) {
      const index = new MiniSearch<SearchDocument & { id: number }>(miniSearchOptions);
      index.addAll(docs.map((doc, id) => ({ ...doc, id })));
      return (query) => {
        const terms = queryTerms(query);
        if (terms.length === 0) return [];
        return index
          .search(terms.join(" "), { processTerm: (term) => term, combineWith: "AND" })
          .map((hit) => (docs[hit.id as number] as SearchDocument).path);
      };
    },
  },
  {
    name: "Orama 3",
    build(docs) {
      const tokenize = (raw: string) => textWords(raw).map(searchTerm);
      const db: Orama<{ title: "string"; text: "string"; path: "string" }> = create({
        schema: { title: "string", text: "string", path: "string" },
        components: { tokenizer: { language: "russian", normalizationCache: new Map(), tokenize } },
      });
      insertMultiple(
        db,
        docs.map((doc) => ({ title: doc.title, text: doc.text, path: doc.path })),
      );
      return (query) => {
        const terms = queryTerms(query);
        if (terms.length === 0) return [];
        const found = search(db, {
          term: terms.join(" "),
          properties: ["title", "text"],
          boost: { title: 3 },
          tolerance: 1,
          threshold: 0,
          limit: 10_000,
        }) as { hits: { document: { path: string } }[] };
        return found.hits.map((hit) => hit.document.path);
      };
    },
  },
  {
    name: "site-search-index (MiniSearch, top 20 with snippets)",
    build(docs) {
      const index = buildSiteSearchIndex(docs);
      return (query) => index.search(query).hits.map((result) => result.path);
    },
  },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
const ms = (value: number) => value.toFixed(value < 10 ? 2 : 0);

function pdfRun(extractor: string): PdfRun {
  const out = execFileSync(process.execPath, ["bench/search-pdf-text.ts", extractor], {
    cwd: `${import.meta.dirname}/..`,
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out.toString()) as PdfRun;
}

console.log("PDF text of public/docs and public/forms (a process each):");
const runs = ["unpdf", "pdfjs-dist"].map(pdfRun);
for (const run of runs) {
  const times = run.files.map((file) => file.ms).sort((a, b) => a - b);
  const cyrillic = run.files.filter((file) => /[а-яё]{4,}/i.test(file.text)).length;
  const sample = run.files[0]?.text.replace(/\s+/g, " ").slice(0, 70);
  console.log(
    `  ${run.extractor.padEnd(11)} load ${ms(run.loadMs)} ms; ${run.files.length} files: first ${ms(run.files[0]?.ms ?? 0)} ms, median ${ms(percentile(times, 50))} ms, max ${ms(times.at(-1) ?? 0)} ms; Cyrillic text in ${cyrillic}/${run.files.length}; «${sample}»`,
  );
}
const [unpdfRun, pdfjsRun] = runs as [PdfRun, PdfRun];
const same = unpdfRun.files.filter(
  (file, i) =>
    foldText(file.text).replace(/\s+/g, " ") ===
    foldText(pdfjsRun.files[i]?.text ?? "").replace(/\s+/g, " "),
).length;
console.log(`  the same words from both: ${same}/${unpdfRun.files.length} files`);

const pdfText = new Map(unpdfRun.files.map((file) => [file.href, file.text]));
const site = await contentDocuments(pdfText);
const corpus = [...site, ...probes, ...generatedDocuments(site, 2000)];
const queries = benchmarkQueries(corpus, queryCount);
const words = corpus.reduce((sum, doc) => sum + textWords(`${doc.title} ${doc.text}`).length, 0);
console.log(
  `\nCorpus: ${site.length} documents of the site's content, ${probes.length} probes, 2000 generated; ${words} words. ${queries.length} queries.`,
);

const stemWords = textWords(corpus.map((doc) => doc.text).join(" ")).map(foldText);
const russian = snowball.newStemmer("russian");
for (const [name, stem] of [
  ["@orama/stemmers/russian", oramaStemmer],
  ["snowball-stemmers russian", (word: string) => russian.stem(word)],
] as const) {
  const started = performance.now();
  for (const word of stemWords) stem(word);
  const total = performance.now() - started;
  console.log(`Stemmer ${name}: ${stemWords.length} words in ${ms(total)} ms`);
}

const p99s = new Map<string, number[]>();
for (let round = 1; round <= rounds; round++) {
  console.log(`\nRound ${round}:`);
  for (const candidate of candidates) {
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    let started = performance.now();
    const answer = candidate.build(corpus);
    const buildMs = performance.now() - started;
    gc();
    const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
    for (const query of queries.slice(0, 30)) answer(query); // warm-up
    const times: number[] = [];
    const cpuTimes: number[] = [];
    let hits = 0;
    for (const query of queries) {
      const cpuBefore = process.cpuUsage();
      started = performance.now();
      hits += answer(query).length;
      times.push(performance.now() - started);
      const cpu = process.cpuUsage(cpuBefore);
      cpuTimes.push((cpu.user + cpu.system) / 1000);
    }
    times.sort((a, b) => a - b);
    cpuTimes.sort((a, b) => a - b);
    const p99 = percentile(times, 99);
    p99s.set(candidate.name, [...(p99s.get(candidate.name) ?? []), p99]);
    const found = examples.map((example) => {
      const paths = answer(example.query);
      const rank = paths.indexOf(example.finds);
      return `«${example.query}» ${rank < 0 ? "NOT FOUND" : `#${rank + 1}/${paths.length}`}`;
    });
    console.log(
      `  ${candidate.name}: build ${ms(buildMs)} ms, heap ${heapMb.toFixed(1)} MB, p50 ${ms(percentile(times, 50))} ms, p99 ${ms(p99)} ms, max ${ms(times.at(-1) ?? 0)} ms (CPU time: p50 ${ms(percentile(cpuTimes, 50))} ms, p99 ${ms(percentile(cpuTimes, 99))} ms), ${Math.round(hits / queries.length)} results a query\n    ${found.join("; ")}`,
    );
  }
}
const medianP99 = (name: string) =>
  percentile(
    [...(p99s.get(name) ?? [])].sort((a, b) => a - b),
    50,
  );
const [mini, orama] = candidates.map((candidate) => medianP99(candidate.name)) as [number, number];
console.log(
  `\nMedian p99 over ${rounds} rounds: Orama / MiniSearch = ${(orama / mini).toFixed(2)}`,
);
