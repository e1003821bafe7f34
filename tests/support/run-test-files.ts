// Runs test files N at a time (at most H of them browser files) in N worker processes, each worker
// running its files one after another with one Chromium of its own (test-worker.ts), the slowest
// first, after the timed files, which run one at a time with nothing beside them; a slow file
// that runs the same tests on both stores runs as two processes of their own, one store each.
// Each file's report is printed whole when it ends (no interleaving), every file's time and CPU at
// the end, and last the line `N passed, N failed` (decisions 0032, 0035, 0038, 0051, 0052). Usage:
//   node tests/support/run-test-files.ts --concurrency 4 --heavy 3 [--alone tests/e2e/x.test.ts] "tests/e2e/**/*.test.ts"
import { type ChildProcess, fork } from "node:child_process";
import { globSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { run } from "node:test";
import { spec } from "node:test/reporters";
import { parseArgs } from "node:util";
import { htmlCheckerVariable, startHtmlCheckerService } from "./html-checker-service.ts";
import { machineBusySeconds, processCpuSeconds } from "./process-cpu.ts";
import { launchSharedBrowser, type SharedBrowser } from "./shared-browser.ts";
import { ownProcess, slowestFirst, splitByStore } from "./slowest-test-files.ts";
import { storeVariable } from "./test-databases.ts";
import type { WorkerJob, WorkerResult } from "./test-worker.ts";

const { values, positionals } = parseArgs({
  options: {
    concurrency: { type: "string", default: "2" },
    // At most this many heavy files (see isHeavy) at once; the other slots take light files.
    heavy: { type: "string" },
    // Files run one at a time, first, with nothing beside them (see runAlone): those whose
    // assertions are times. The slow-clients test's visitor, served within 1 s beside 300 slow connections,
    // waited 1643 ms with three other files running (load average 15); a publish reached every
    // page of the other server in 2,141 ms, against its 2 s, beside three browser files.
    // Lighthouse is no longer one of them: none of its gates is a time (decision 0052).
    alone: { type: "string", multiple: true, default: [] },
  },
  allowPositionals: true,
});
const concurrency = Number(values.concurrency);
if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error("--concurrency: a number");
const heavySlots = Number(values.heavy ?? concurrency);
if (!Number.isInteger(heavySlots) || heavySlots < 1 || heavySlots > concurrency) {
  throw new Error("--heavy: a number from 1 to --concurrency");
}

const files = [...new Set(positionals.flatMap((pattern) => globSync(pattern)))].sort();
if (files.length === 0) throw new Error(`no test file matches ${positionals.join(" ")}`);
const rank = (file: string) => {
  const index = slowestFirst.indexOf(file);
  return index === -1 ? slowestFirst.length : index;
};
const ordered = [...files].sort((a, b) => rank(a) - rank(b));
const alone = new Set(values.alone.flatMap((pattern) => globSync(pattern)));

/** One process: a test file, and the one store it runs on when it is split by store. */
type Job = { file: string; store?: "SQLite" | "PostgreSQL" };

const jobsOf = (file: string): Job[] =>
  splitByStore.includes(file)
    ? [
        { file, store: "SQLite" },
        { file, store: "PostgreSQL" },
      ]
    : [{ file }];

const nameOf = (job: Job) => (job.store ? `${job.file} (${job.store})` : job.file);
const times: { name: string; ms: number; cpu: number | undefined; startedAt: number }[] = [];
const runStarted = performance.now();
const cpuDir = mkdtempSync(join(tmpdir(), "test-cpu-"));
const cpuReporter = new URL("./process-cpu-at-exit.ts", import.meta.url).pathname;
const reactProduction = new URL("./react-production.ts", import.meta.url).pathname;
let jobCount = 0;

/** The CPU seconds the job's processes wrote at exit (process-cpu-at-exit.ts), if any. */
function cpuOf(file: string): number | undefined {
  try {
    const lines = readFileSync(file, "utf8").trim().split("\n");
    return lines.reduce((sum, line) => sum + Number(line), 0);
  } catch {
    return undefined;
  }
}
const totals = { tests: 0, passed: 0, failed: 0, cancelled: 0, skipped: 0, todo: 0 };

/**
 * A worker process (test-worker.ts) runs the files it is given one after another, and has one
 * Chromium of its own, launched when a browser file first needs it and launched again if it
 * died: the browser files of a worker connect to it one after another (shared-browser.ts).
 */
type Worker = {
  child: ChildProcess;
  /** What the files printed outside node:test's report (console lines), since the last file. */
  output: string[];
  browser?: SharedBrowser;
};
const idleWorkers: Worker[] = [];
const allWorkers: Worker[] = [];
const allBrowsers: SharedBrowser[] = [];
const workerScript = new URL("./test-worker.ts", import.meta.url).pathname;

function takeWorker(): Worker {
  for (let worker = idleWorkers.pop(); worker; worker = idleWorkers.pop()) {
    if (worker.child.exitCode === null && worker.child.signalCode === null) return worker;
  }
  const child = fork(workerScript, [], {
    execArgv: ["--import", reactProduction],
    env: { ...process.env, ...(htmlChecker ? { [htmlCheckerVariable]: htmlChecker.url } : {}) },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  const worker: Worker = { child, output: [] };
  child.stdout?.on("data", (chunk) => worker.output.push(String(chunk)));
  child.stderr?.on("data", (chunk) => worker.output.push(String(chunk)));
  allWorkers.push(worker);
  return worker;
}

async function browserOf(worker: Worker): Promise<SharedBrowser> {
  if (worker.browser?.alive()) return worker.browser;
  worker.browser = await launchSharedBrowser();
  allBrowsers.push(worker.browser);
  return worker.browser;
}

/** The worker's result for one file, or a failure if the worker died before it answered. */
function runInWorker(worker: Worker, job: WorkerJob): Promise<WorkerResult> {
  return new Promise((resolve) => {
    const died = (code: number | null, signal: string | null) =>
      resolve({
        file: job.file,
        report: `\n✖ the worker ended (${signal ?? `exit code ${code}`}) before the file did\n`,
        counts: { tests: 1, passed: 0, failed: 1, cancelled: 0, skipped: 0, todo: 0 },
        success: false,
        cpu: 0,
      });
    worker.child.once("exit", died);
    worker.child.once("message", (result: WorkerResult) => {
      worker.child.off("exit", died);
      resolve(result);
    });
    worker.child.send(job);
  });
}

/** Prints a file's report whole and adds its figures to the totals. */
function record(name: string, startedAt: number, cpu: number | undefined, report: string) {
  const ms = performance.now() - startedAt;
  times.push({ name, ms, cpu, startedAt: startedAt - runStarted });
  process.stdout.write(
    `\n── ${name} (${(ms / 1000).toFixed(1)} s${cpu === undefined ? "" : `, CPU ${cpu.toFixed(1)} s`})\n${report}`,
  );
}

/** Runs one job to its end in a worker; its whole report is printed then. */
async function runJob(job: Job, needsBrowser: boolean): Promise<void> {
  // A file split by store runs in a process of its own (the store is read when its modules load),
  // and so does one that tests what a process holds from its start.
  if (job.store || ownProcess.includes(job.file)) return runJobInOwnProcess(job);
  const started = performance.now();
  const worker = takeWorker();
  try {
    const browser = needsBrowser ? await browserOf(worker) : undefined;
    worker.output.length = 0;
    const result = await runInWorker(worker, {
      file: job.file,
      browserEndpoint: browser?.endpoint,
    });
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) {
      totals[key] += result.counts[key];
    }
    if (!result.success) process.exitCode = 1;
    const printed = worker.output.splice(0).join("");
    record(
      nameOf(job),
      started,
      result.cpu,
      `${result.report}${printed ? `\nprinted:\n${printed}` : ""}`,
    );
  } finally {
    idleWorkers.push(worker);
  }
}

/** Runs a job in a process of its own; its report is printed whole. */
async function runJobInOwnProcess(job: Job): Promise<void> {
  const started = performance.now();
  const cpuFile = join(cpuDir, `${++jobCount}.txt`);
  const env = {
    ...process.env,
    ...(htmlChecker ? { [htmlCheckerVariable]: htmlChecker.url } : {}),
    TEST_CPU_FILE: cpuFile,
    ...(job.store ? { [storeVariable]: job.store } : {}),
  };
  const stream = run({
    files: [job.file],
    concurrency: 1,
    env,
    execArgv: ["--import", reactProduction, "--import", cpuReporter],
  });
  stream.on("test:fail", () => {
    process.exitCode = 1;
  });
  stream.on("test:summary", (summary) => {
    // The run's own summary (no file): the counts of this process's tests.
    if (summary.file !== undefined) return;
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) {
      totals[key] += (summary.counts as Record<string, number | undefined>)[key] ?? 0;
    }
    if (!summary.success) process.exitCode = 1;
  });
  const report: string[] = [];
  for await (const chunk of stream.compose(spec)) report.push(String(chunk));
  record(nameOf(job), started, cpuOf(cpuFile), report.join(""));
}

/**
 * The files that load the machine most: every browser test file (and the 10,000 malformed
 * requests) is under tests/e2e/. The unit and fault files mostly wait on restarts, mail and
 * timers.
 */
const isHeavy = (file: string) => file.startsWith("tests/e2e/");

/** Runs a job; a failure of the runner itself is printed and fails the run, never lost. */
function runReported(job: Job, needsBrowser: boolean): Promise<void> {
  return runJob(job, needsBrowser).catch((error: unknown) => {
    process.exitCode = 1;
    process.stdout.write(`\n── ${nameOf(job)}: the runner failed: ${String(error)}\n`);
  });
}

/**
 * At most `concurrency` processes at once, of which at most `heavySlots` run heavy files: the
 * other slots take light files, which mostly wait, beside the browsers; a light file takes a
 * heavy file's slot only once no heavy file is waiting. Each kind in the order given (the slowest
 * first).
 */
function runAll(jobs: Job[]): Promise<void> {
  const queue = [...jobs];
  let running = 0;
  let heavyRunning = 0;
  return new Promise((allDone) => {
    const start = (job: Job) => {
      const heavyJob = isHeavy(job.file);
      running++;
      if (heavyJob) heavyRunning++;
      runReported(job, heavyJob).finally(() => {
        running--;
        if (heavyJob) heavyRunning--;
        dispatch();
      });
    };
    const dispatch = () => {
      while (running < concurrency) {
        // While heavy files wait, the light ones keep to their own slots: the heavy files end
        // sooner.
        const heavyWaiting = queue.some((job) => isHeavy(job.file));
        const lightMay = !heavyWaiting || running - heavyRunning < concurrency - heavySlots;
        const next = queue.findIndex((job) =>
          isHeavy(job.file) ? heavyRunning < heavySlots : lightMay,
        );
        if (next === -1) break;
        const [job] = queue.splice(next, 1);
        if (job) start(job);
      }
      if (running === 0 && queue.length === 0) allDone();
    };
    dispatch();
  });
}

/**
 * The timed files (`--alone`), one at a time with nothing else running, before the others: their
 * assertions are times, and beside other files the machine's load, not the code, decided them.
 */
async function runAlone(jobs: Job[]): Promise<void> {
  for (const job of jobs) {
    await runReported(job, isHeavy(job.file));
  }
}

const started = performance.now();
const machineBusyAtStart = machineBusySeconds();
// The browser files check their pages' HTML: one checker service for all of them.
const htmlChecker =
  process.env[htmlCheckerVariable] === undefined && files.some(isHeavy)
    ? await startHtmlCheckerService()
    : undefined;
await runAlone(ordered.filter((file) => alone.has(file)).flatMap(jobsOf));
await runAll(ordered.filter((file) => !alone.has(file)).flatMap(jobsOf));

const htmlCheckerCpu = htmlChecker?.cpuSeconds();
await htmlChecker?.stop();
await Promise.all(
  allWorkers.map(({ child }) => {
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    const ended = new Promise((done) => child.once("exit", done));
    child.send("exit");
    return ended;
  }),
);
const browsersCpu = allBrowsers.reduce((sum, browser) => sum + (browser.cpuSeconds() ?? 0), 0);
await Promise.all(allBrowsers.map((browser) => browser.close()));

const root = `${process.cwd()}/`;
rmSync(cpuDir, { recursive: true, force: true });
const cpuShown = (cpu: number | undefined) =>
  cpu === undefined ? "       ?" : `${cpu.toFixed(1).padStart(8)}`;
process.stdout.write(
  "\nTime per test file, slowest first (wall s; CPU s of its worker, or its process, and the children they reaped meanwhile; the workers' Chromium is counted apart; when it started, s after the first):\n",
);
for (const { name, ms, cpu, startedAt } of times.sort((a, b) => b.ms - a.ms)) {
  process.stdout.write(
    `${(ms / 1000).toFixed(1).padStart(8)} s ${cpuShown(cpu)} s  ${name.replace(root, "")} (at ${(startedAt / 1000).toFixed(0)} s)\n`,
  );
}
if (htmlCheckerCpu !== undefined) {
  process.stdout.write(`${cpuShown(htmlCheckerCpu)} s of CPU: the HTML checker's service\n`);
}
if (allBrowsers.length > 0) {
  process.stdout.write(
    `${cpuShown(browsersCpu)} s of CPU: ${allBrowsers.length} shared Chromium (at least: renderers still open at the end are not counted)\n`,
  );
}
// Everything this runner and the processes it waited for used, as /usr/bin/time counts it.
const runCpu = processCpuSeconds();
const machineBusyAtEnd = machineBusySeconds();
if (machineBusyAtStart !== undefined && machineBusyAtEnd !== undefined) {
  process.stdout.write(
    `${cpuShown(machineBusyAtEnd - machineBusyAtStart)} s of CPU: the whole machine while the files ran (every process, Chromium's renderers and PostgreSQL's included)\n`,
  );
}
process.stdout.write(
  `\n${times.length} files in ${((performance.now() - started) / 1000).toFixed(1)} s, ` +
    `${concurrency} at a time (${heavySlots} heavy), ${runCpu === undefined ? "?" : runCpu.toFixed(0)} s of CPU in all: ${totals.tests} tests, ` +
    `${totals.cancelled} cancelled, ${totals.skipped} skipped, ${totals.todo} todo\n`,
);
if (totals.failed > 0 || totals.cancelled > 0) process.exitCode = 1;
// The last line, the one to read: the cancelled count as failures (a test that did not end).
process.stdout.write(`${totals.passed} passed, ${totals.failed + totals.cancelled} failed\n`);
