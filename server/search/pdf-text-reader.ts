/**
 * A PDF's text for the search, read under limits (issue 40): a 306 KB PDF whose one stream
 * inflates to 300 MB of spaces cost the indexer 6.9 s, stalled the event loop 2.2 s and took the
 * server from 241 to 896 MB, at every start. PDF.js runs on a worker thread (pdf-text-worker.ts),
 * one file at a time, under:
 * - a heap limit (`resourceLimits`), and a watch from here on the worker's heap and its
 *   ArrayBuffers together (PDF.js inflates a stream into one growing Uint8Array, outside the
 *   heap, which `resourceLimits` does not count): past `maxMemoryMb` the worker is ended;
 * - a budget of the worker's own CPU time, not of the clock, so that a busy machine does not
 *   make a good file fail; the clock bounds only a worker that makes no progress at all;
 * - at most `maxChars` of text kept per file.
 * A file past the memory or the CPU budget is over budget: the search finds it by its title
 * only, and the editor is told on upload (site-file-service.ts). What was read is kept by the
 * SHA-256 of the bytes, in memory and between starts (file-text-cache.ts), over budget too, so a
 * start never reads the same bomb again. A file the clock stopped is tried again next time.
 */
import { createHash } from "node:crypto";
import { Worker } from "node:worker_threads";
import type { FileTextCache } from "./file-text-cache.ts";
import type { PdfTextAnswer, PdfTextJob } from "./pdf-text-worker.ts";

export type PdfTextLimits = {
  /** The worker's V8 heap and its ArrayBuffers together, in MB. */
  maxMemoryMb: number;
  /** The worker's CPU time for one file, in ms. */
  maxCpuMs: number;
  /** A worker that has not answered after this is ended, its file not judged (ms). */
  maxWallMs: number;
  /** Characters of text kept per file. */
  maxChars: number;
  /** How often the worker's memory and CPU are read (ms). */
  watchMs: number;
  /** An idle worker is ended after this, and PDF.js's memory with it (ms). */
  idleMs: number;
};

const defaultPdfTextLimits: PdfTextLimits = {
  maxMemoryMb: 96,
  maxCpuMs: 5000,
  maxWallMs: 60_000,
  maxChars: 200_000,
  watchMs: 20,
  idleMs: 2000,
};

export type PdfText =
  /** `cut`: the text was longer than `maxChars`, its beginning is kept. */
  | { kind: "text"; text: string; cut: boolean }
  | { kind: "over-budget"; reason: "memory" | "cpu" }
  | { kind: "unreadable"; message: string };

export type PdfTextReader = {
  read(bytes: Uint8Array): Promise<PdfText>;
  /** Characters of text kept per file. */
  readonly maxChars: number;
  close(): Promise<void>;
};

const megabyte = 1024 * 1024;

export function createPdfTextReader(
  options: { cache?: FileTextCache | undefined; limits?: Partial<PdfTextLimits> } = {},
): PdfTextReader {
  const limits = { ...defaultPdfTextLimits, ...options.limits };
  const known = new Map<string, PdfText>();
  let worker: Worker | undefined;
  let idle: NodeJS.Timeout | undefined;
  // One file at a time: PDF.js takes one core at most, the server keeps the other.
  let queue: Promise<unknown> = Promise.resolve();

  const end = (ending: Worker | undefined) => {
    if (worker === ending) worker = undefined;
    return ending?.terminate().then(() => undefined);
  };

  function started(): Worker {
    if (idle) clearTimeout(idle);
    worker ??= new Worker(new URL("./pdf-text-worker.ts", import.meta.url), {
      resourceLimits: {
        maxOldGenerationSizeMb: limits.maxMemoryMb,
        maxYoungGenerationSizeMb: 16,
      },
    });
    worker.ref();
    return worker;
  }

  function parked(current: Worker) {
    // Unreferenced while idle: a reader left open never keeps a process from ending.
    current.unref();
    idle = setTimeout(() => void end(current), limits.idleMs);
    idle.unref();
  }

  /** One file through the worker, watched; the worker is ended if it goes past a limit. */
  function throughWorker(bytes: Uint8Array): Promise<PdfText | undefined> {
    const current = started();
    return new Promise((resolve) => {
      let settled = false;
      const finish = (result: PdfText | undefined, keepWorker: boolean) => {
        if (settled) return;
        settled = true;
        clearInterval(watch);
        clearTimeout(clock);
        current.off("message", onMessage);
        current.off("error", onError);
        current.off("exit", onExit);
        if (keepWorker) parked(current);
        else void end(current);
        resolve(result);
      };
      const onMessage = (answer: PdfTextAnswer) => finish(answer, true);
      // Past its heap limit the worker stops with ERR_WORKER_OUT_OF_MEMORY.
      const onError = (error: Error & { code?: string }) =>
        finish(
          error.code === "ERR_WORKER_OUT_OF_MEMORY"
            ? { kind: "over-budget", reason: "memory" }
            : { kind: "unreadable", message: error.message },
          false,
        );
      const onExit = () => finish({ kind: "unreadable", message: "the reader stopped" }, false);
      current.on("message", onMessage).on("error", onError).on("exit", onExit);
      // The worker's CPU time when the watch first read it (a new worker is not running yet).
      let startCpuMs: number | undefined;
      const watch = setInterval(async () => {
        try {
          const [heap, cpu] = await Promise.all([current.getHeapStatistics(), current.cpuUsage()]);
          const cpuMs = (cpu.user + cpu.system) / 1000;
          startCpuMs ??= cpuMs;
          if (heap.used_heap_size + heap.external_memory > limits.maxMemoryMb * megabyte) {
            finish({ kind: "over-budget", reason: "memory" }, false);
          } else if (cpuMs - startCpuMs > limits.maxCpuMs) {
            finish({ kind: "over-budget", reason: "cpu" }, false);
          }
        } catch {
          // Not running yet, or ended meanwhile (its exit settles the file).
        }
      }, limits.watchMs);
      // Nothing judged: not kept, tried again next time.
      const clock = setTimeout(() => finish(undefined, false), limits.maxWallMs);
      current.postMessage({ bytes, maxChars: limits.maxChars } satisfies PdfTextJob);
    });
  }

  async function readNew(hash: string, bytes: Uint8Array): Promise<PdfText> {
    const kept = options.cache?.get(hash);
    if (kept !== undefined) return kept;
    const read = await throughWorker(bytes);
    if (read === undefined) return { kind: "unreadable", message: "no answer in time" };
    // Kept for the next start; a file that could not be read is tried again then.
    if (read.kind !== "unreadable") options.cache?.set(hash, read);
    return read;
  }

  return {
    maxChars: limits.maxChars,
    read(bytes) {
      const hash = createHash("sha256").update(bytes).digest("hex");
      const remembered = known.get(hash);
      if (remembered) return Promise.resolve(remembered);
      const next = queue.then(() => known.get(hash) ?? readNew(hash, bytes));
      queue = next.catch(() => {});
      return next.then((read) => {
        // An unreadable file is told of once and has no words until the next start, as before.
        known.set(hash, read.kind === "unreadable" ? { kind: "text", text: "", cut: false } : read);
        return read;
      });
    },
    async close() {
      if (idle) clearTimeout(idle);
      await end(worker);
    },
  };
}
