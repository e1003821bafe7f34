// A worker of the test runner (run-test-files.ts): runs the test files it is sent one after
// another in this one process, each through node:test's run() with isolation "none", so each file
// has its own root, its own hooks run before and after its own tests, and the next file starts
// once they have. The imports, the compiled code and the browser are paid once per worker instead
// of once per file (decision 0051: a file's own process cost 1.3-2.2 s of CPU before its first
// test). Its reports go back to the runner over the IPC channel, one message per file.
import { run } from "node:test";
import { spec } from "node:test/reporters";
import { processCpuSeconds } from "./process-cpu.ts";
import { browserEndpointVariable } from "./shared-browser.ts";

export type WorkerJob = { file: string; browserEndpoint?: string };

export type Counts = {
  tests: number;
  passed: number;
  failed: number;
  cancelled: number;
  skipped: number;
  todo: number;
};

export type WorkerResult = {
  file: string;
  report: string;
  counts: Counts;
  success: boolean;
  /** CPU seconds of this process and of the children it reaped meanwhile (its servers). */
  cpu: number;
};

/** This process's CPU seconds with those of its reaped children (0 where there is no /proc). */
const cpuSoFar = () => processCpuSeconds() ?? 0;

/**
 * An error thrown by what a finished file left running (a timer, a socket) has no test to belong
 * to: it is kept and reported as a failure with the file that runs when it is thrown, or the
 * next one, never lost.
 */
const strayErrors: string[] = [];
process.on("uncaughtException", (error) => {
  strayErrors.push(`uncaught: ${error?.stack ?? String(error)}`);
});
process.on("unhandledRejection", (reason) => {
  strayErrors.push(`unhandled rejection: ${(reason as Error)?.stack ?? String(reason)}`);
});

async function runFile(job: WorkerJob): Promise<WorkerResult> {
  if (job.browserEndpoint) process.env[browserEndpointVariable] = job.browserEndpoint;
  else delete process.env[browserEndpointVariable];
  const cpuBefore = cpuSoFar();
  const counts: Counts = { tests: 0, passed: 0, failed: 0, cancelled: 0, skipped: 0, todo: 0 };
  let success = true;
  const stream = run({ files: [job.file], isolation: "none", concurrency: 1 });
  stream.on("test:summary", (summary) => {
    // The run's own summary (no file): the counts of this file's tests.
    if (summary.file !== undefined) return;
    for (const key of Object.keys(counts) as (keyof Counts)[]) {
      counts[key] += (summary.counts as Record<string, number | undefined>)[key] ?? 0;
    }
    if (!summary.success) success = false;
  });
  const report: string[] = [];
  for await (const chunk of stream.compose(spec)) report.push(String(chunk));
  if (strayErrors.length > 0) {
    success = false;
    counts.failed += strayErrors.length;
    report.push(
      `\n✖ ${strayErrors.length} error(s) outside any test, while this file ran:\n${strayErrors.splice(0).join("\n")}\n`,
    );
  }
  return { file: job.file, report: report.join(""), counts, success, cpu: cpuSoFar() - cpuBefore };
}

/**
 * With isolation "none", node:test ends a run when the event loop has nothing left to do (its
 * `beforeExit`): the channel to the runner must not count while a file runs, or the run never
 * ends. Taken back into account to answer and to wait for the next file.
 */
const channel = process.channel;
const answer = (result: WorkerResult) => {
  channel?.ref();
  process.send?.(result);
};

process.on("message", (message: WorkerJob | "exit") => {
  if (message === "exit") process.exit(0);
  channel?.unref();
  runFile(message).then(
    (result) => answer(result),
    (error: unknown) =>
      answer({
        file: message.file,
        report: `\n✖ the worker could not run the file: ${(error as Error)?.stack ?? String(error)}\n`,
        counts: { tests: 0, passed: 0, failed: 1, cancelled: 0, skipped: 0, todo: 0 },
        success: false,
        cpu: 0,
      }),
  );
});
