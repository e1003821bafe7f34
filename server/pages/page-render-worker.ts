/**
 * The worker thread that renders public pages for a publish or a preview (issue 40,
 * worker-page-renderer.ts): React Router's server build runs here, off the server's event loop.
 * «Новости и объявления» with 200 announcements took 90–150 ms to render in one stretch, every
 * request waiting. React's production build, whatever the process's NODE_ENV: a published page
 * is byte for byte what the build writes, and the build prerenders with it.
 *
 * Messages in: a content (by a key: sent once, rendered from for every page of a publish) and a
 * page to render from a content; out: the page, or why it would not render. A few contents are
 * kept, the newest; a page asked of one no longer kept is answered `missing`, and the content is
 * sent again.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { SiteContent } from "../../domain/site-content/site-editions.ts";
import type { RenderedPage } from "./page-renderer.ts";

export type RenderWorkerData = { serverBuildPath: string };
export type RenderWorkerMessage =
  | { kind: "content"; key: number; content: Partial<SiteContent> }
  | { kind: "render"; id: number; key: number; path: string };
export type RenderWorkerAnswer =
  | { id: number; page: RenderedPage }
  | { id: number; error: string }
  | { id: number; missing: true };

/** Contents kept: a publish's, a preview's beside it, and one more. */
const keptContents = 3;

process.env.NODE_ENV = "production";
const { loadPageHandler } = await import("./react-router-bridge.ts");
const { createPageRenderer } = await import("./page-renderer.ts");
const { serverBuildPath } = workerData as RenderWorkerData;
const render = createPageRenderer(await loadPageHandler(serverBuildPath));
const contents = new Map<number, Partial<SiteContent>>();

async function answer(message: RenderWorkerMessage): Promise<RenderWorkerAnswer | undefined> {
  if (message.kind === "content") {
    contents.set(message.key, message.content);
    for (const key of contents.keys()) if (contents.size > keptContents) contents.delete(key);
    return undefined;
  }
  const content = contents.get(message.key);
  if (content === undefined) return { id: message.id, missing: true };
  try {
    return { id: message.id, page: await render(message.path, content) };
  } catch (error) {
    return { id: message.id, error: String((error as Error)?.message ?? error) };
  }
}

parentPort?.on("message", (message: RenderWorkerMessage) => {
  void answer(message).then((reply) => reply && parentPort?.postMessage(reply));
});
parentPort?.postMessage({ ready: true });
