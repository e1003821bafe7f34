/**
 * Renders public pages on a worker thread (page-render-worker.ts), for a publish or a preview
 * (issue 40): the same renderer as page-renderer.ts, off the server's event loop. The page of
 * «Новости и объявления» with 200 announcements of 20,000 characters took 90–150 ms in one
 * stretch on the main thread; the main thread now only hands the content over (once per publish,
 * however many pages it renders) and takes the pages back.
 *
 * One worker, started with the server (`start`) and kept: a publish heard from another server
 * must be on this one within 2 s, and a worker started then took 1–2 s on a busy machine before
 * its first page. Its React and build take 40–60 MB. `idleMs` ends an idle worker (the tests'
 * renderers) and the next render starts another. A worker that fails or stops fails the pages
 * it was rendering (the publish is refused, nothing committed: site-publisher.ts); the next
 * render starts another.
 */
import { Worker } from "node:worker_threads";
import type { SiteContent } from "../../domain/site-content/site-editions.ts";
import type {
  RenderWorkerAnswer,
  RenderWorkerData,
  RenderWorkerMessage,
} from "./page-render-worker.ts";
import type { PageRenderer, RenderedPage } from "./page-renderer.ts";

export type WorkerPageRenderer = PageRenderer & {
  /** Starts the worker now rather than at the first render. */
  start(): void;
  /** Whether a worker runs now (its memory held). */
  running(): boolean;
  close(): Promise<void>;
};

/** A page asked of a worker: what to send again if the worker let its content go. */
type Job = {
  key: number;
  path: string;
  content: object;
  resolve: (page: RenderedPage) => void;
  reject: (error: Error) => void;
};

/** A running worker, the contents it was given (by key) and the pages it is rendering. */
type Running = { thread: Worker; sent: WeakMap<object, number>; jobs: Map<number, Job> };

export function createWorkerPageRenderer(options: {
  serverBuildPath: string;
  /** An idle worker is ended after this (ms); kept for ever when not given. */
  idleMs?: number;
}): WorkerPageRenderer {
  let current: Running | undefined;
  let nextKey = 1;
  let nextId = 1;
  let idle: NodeJS.Timeout | undefined;

  const ask = (running: Running, id: number, job: Job) =>
    running.thread.postMessage({
      kind: "render",
      id,
      key: job.key,
      path: job.path,
    } satisfies RenderWorkerMessage);

  const give = (running: Running, content: object, key: number) => {
    running.sent.set(content, key);
    running.thread.postMessage({
      kind: "content",
      key,
      content: content as Partial<SiteContent>,
    } satisfies RenderWorkerMessage);
  };

  function ended(running: Running, error: Error) {
    if (current === running) current = undefined;
    // Only this worker's pages: a worker started since has its own.
    for (const job of running.jobs.values()) job.reject(error);
    running.jobs.clear();
  }

  function park(running: Running) {
    if (options.idleMs === undefined) return;
    // Unreferenced while idle: a renderer left open never keeps a process from ending.
    running.thread.unref();
    if (idle) clearTimeout(idle);
    idle = setTimeout(() => {
      if (current === running) current = undefined;
      void running.thread.terminate();
    }, options.idleMs);
    idle.unref();
  }

  function started(): Running {
    if (idle) clearTimeout(idle);
    if (current) {
      current.thread.ref();
      return current;
    }
    const thread = new Worker(new URL("./page-render-worker.ts", import.meta.url), {
      workerData: { serverBuildPath: options.serverBuildPath } satisfies RenderWorkerData,
    });
    const running: Running = { thread, sent: new WeakMap(), jobs: new Map() };
    thread.on("message", (reply: RenderWorkerAnswer | { ready: true }) => {
      if (!("id" in reply)) return;
      const job = running.jobs.get(reply.id);
      if (!job) return;
      if ("missing" in reply) {
        // Let go by the worker meanwhile: given again, asked again.
        give(running, job.content, job.key);
        ask(running, reply.id, job);
        return;
      }
      running.jobs.delete(reply.id);
      if ("error" in reply) job.reject(new Error(reply.error));
      else job.resolve(reply.page);
      if (running.jobs.size === 0) park(running);
    });
    thread.on("error", (error) =>
      ended(running, new Error(`the page renderer failed: ${error.message}`)),
    );
    thread.on("exit", (code) =>
      ended(running, new Error(`the page renderer stopped (exit ${code})`)),
    );
    current = running;
    return running;
  }

  const render: PageRenderer = (path, content) => {
    const running = started();
    let key = running.sent.get(content);
    if (key === undefined) {
      key = nextKey++;
      give(running, content, key);
    }
    const id = nextId++;
    return new Promise<RenderedPage>((resolve, reject) => {
      const job: Job = { key, path, content, resolve, reject };
      running.jobs.set(id, job);
      ask(running, id, job);
    });
  };

  return Object.assign(render, {
    start: () => void started(),
    running: () => current !== undefined,
    async close() {
      if (idle) clearTimeout(idle);
      const running = current;
      current = undefined;
      await running?.thread.terminate();
    },
  });
}
