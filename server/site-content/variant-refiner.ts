/**
 * The strongest compression of a published page, put in after the publish (decision 0048): a
 * publish serves its pages at once with quick variants (brotli quality 5), then this compresses
 * them again as the build does (quality 11, 40–60 ms a page), one page at a time on libuv's thread
 * pool, so the main thread answers requests meanwhile. A page replaced again or taken off
 * meanwhile is left as it is: only the bytes still served get their stronger variant (the same
 * body, the same ETag).
 */
import { smallerVariantsOffThread } from "../site/compressed-variants.ts";
import type { SiteFile } from "../site/site-files.ts";
import type { LiveSite } from "./site-publisher.ts";

export function createVariantRefiner(live: () => LiveSite) {
  /** The pages waiting, by path: the body each was published with. */
  const waiting = new Map<string, Buffer>();
  let idle: Promise<void> = Promise.resolve();
  let done: (() => void) | undefined;

  async function refineNext() {
    const first = waiting.entries().next();
    if (first.done) {
      done?.();
      done = undefined;
      return;
    }
    const [path, body] = first.value;
    waiting.delete(path);
    const variants = await smallerVariantsOffThread(body).catch(() => undefined);
    const site = live();
    const served = site.file(path);
    if (variants && served?.body === body) site.replaceFile(path, { ...served, ...variants });
    setImmediate(refineNext);
  }

  return {
    /** Queues a file just put on the site with its quick variants. */
    refine(path: string, file: SiteFile) {
      waiting.set(path, file.body);
      if (done) return;
      idle = new Promise((resolve) => {
        done = resolve;
      });
      setImmediate(refineNext);
    },
    /** Resolves once no page waits (benches and tests read the strongest variants after it). */
    settled: (): Promise<void> => idle,
  };
}
