/**
 * Renders public pages on a worker thread (page-render-worker.ts), for a publish or a preview
 * (issue 40): the same renderer as page-renderer.ts, off the server's event loop. The page of
 * «Новости и объявления» with 200 announcements of 20,000 characters took 90–150 ms in one
 * stretch on the main thread; the main thread now only hands the content over (once per publish,
 * however many pages it renders) and takes the pages back.
 *
 * One worker, started at the first render and ended after `idleMs` without one (React and the
 * build take 40–60 MB there). A worker that fails or stops fails the pages it was rendering (the
 * publish is refused, nothing committed: site-publisher.ts) and the next render starts another.
 */
import { Worker } from "node:worker_threads";
import type { SiteContent } from "../../domain/site-content/site-editions.ts";
import type {
  RenderWorkerAnswer,
  RenderWorkerData,
  RenderWorkerMessage,
} from "./page-render-worker.ts";
import type { PageRenderer, RenderedPage } from "./page-renderer.ts";

export type WorkerPageRenderer = PageRenderer & { running(): boolean; close(): Promise<void> };

type Pending = { resolve: (page: RenderedPage) => void; reject: (error: Error) => void };

export function createWorkerPageRenderer(options: {
  serverBuildPath: string;
  /** An idle worker is ended after this (ms). */
  idleMs?: number;
}): WorkerPageRenderer {
  const idleMs = options.idleMs ?? 30_000;
  let worker: Worker | undefined;
  /** The contents the worker running now was given, by their key. */
  let sent = new WeakMap<object, number>();
  let nextKey = 1;
  let nextId = 1;
  const pending = new Map<number, Pending & { key: number; path: string; content: object }>();
  let idle: NodeJS.Timeout | undefined;

  const failAll = (error: Error) => {
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };

  const end = (ending: Worker | undefined) => {
    if (!ending) return Promise.resolve();
    if (worker === ending) {
      worker = undefined;
      sent = new WeakMap();
    }
    return ending.terminate().then(() => undefined);
  };

  function started(): Worker {
    if (idle) clearTimeout(idle);
    if (worker) {
      worker.ref();
      return worker;
    }
    const current = new Worker(new URL("./page-render-worker.ts", import.meta.url), {
      workerData: { serverBuildPath: options.serverBuildPath } satisfies RenderWorkerData,
    });
    current.on("message", (reply: RenderWorkerAnswer | { ready: true }) => {
      if (!("id" in reply)) return;
      const job = pending.get(reply.id);
      if (!job) return;
      if ("missing" in reply) {
        // Dropped by the worker meanwhile: sent again, asked again.
        send(current, job.content, job.key);
        current.postMessage({
          kind: "render",
          id: reply.id,
          key: job.key,
          path: job.path,
        } satisfies RenderWorkerMessage);
        return;
      }
      pending.delete(reply.id);
      if ("error" in reply) job.reject(new Error(reply.error));
      else job.resolve(reply.page);
      if (pending.size === 0) park(current);
    });
    const stopped = (error: Error) => {
      if (worker === current) {
        worker = undefined;
        sent = new WeakMap();
      }
      failAll(error);
    };
    current.on("error", (error) =>
      stopped(new Error(`the page renderer failed: ${error.message}`)),
    );
    current.on("exit", (code) => stopped(new Error(`the page renderer stopped (exit ${code})`)));
    worker = current;
    sent = new WeakMap();
    return current;
  }

  function park(current: Worker) {
    // Unreferenced while idle: a renderer left open never keeps a process from ending.
    current.unref();
    if (idle) clearTimeout(idle);
    idle = setTimeout(() => void end(current), idleMs);
    idle.unref();
  }

  function send(current: Worker, content: object, key: number) {
    current.postMessage({
      kind: "content",
      key,
      content: content as Partial<SiteContent>,
    } satisfies RenderWorkerMessage);
  }

  const render: PageRenderer = (path, content) => {
    const current = started();
    let key = sent.get(content);
    if (key === undefined) {
      key = nextKey++;
      sent.set(content, key);
      send(current, content, key);
    }
    const id = nextId++;
    const job = { key, path, content };
    return new Promise<RenderedPage>((resolve, reject) => {
      pending.set(id, { ...job, resolve, reject });
      current.postMessage({ kind: "render", id, key, path } satisfies RenderWorkerMessage);
    });
  };

  return Object.assign(render, {
    /** Whether a worker runs now (its memory held): after `idleMs` without a render it does not. */
    running: () => worker !== undefined,
    async close() {
      if (idle) clearTimeout(idle);
      await end(worker);
    },
  });
}
