/**
 * The files a publish puts on the site, made from what it renders (site-publisher.ts): a page's
 * HTML as it will be served (the build's post-processing, the settings written in, refused if it
 * carries a script the built page does not have), a text made in parts (the feed) encoded in
 * steps, and a file of the site from a body, with quick compressed variants made off the main
 * thread and a new ETag.
 */
import type { SiteContent } from "../../domain/site-content/site-editions.ts";
import { inlineSources } from "../http/content-security-policy.ts";
import { nextTurn } from "../http/next-turn.ts";
import { appealIslandOf, withAppealIsland } from "../site/appeal-island.ts";
import { etagOf, quickVariantsOffThread } from "../site/compressed-variants.ts";
import type { SiteFile } from "../site/site-files.ts";
import { personaliseHtml, type SiteSettings } from "../site/site-settings.ts";

/**
 * Renders a public page from given content with the build's components (made by the pages' door,
 * server/pages/page-renderer.ts, on a worker thread in the real server): its HTML and its route
 * data.
 */
export type PageRenderer = (
  path: string,
  content: Partial<SiteContent>,
) => Promise<{ html: string; data: string; dataPath: string }>;

/** How long text is encoded at a stretch before the event loop is served (issue 40). */
const stepMs = 10;

export function createPageFiles(deps: { render: PageRenderer; settings: SiteSettings }) {
  // Served at once with quick variants, compressed off the main thread (a 4 MB feed held it
  // 70–110 ms, issue 40); the refiner puts the strongest in after the swap.
  const fileOf = async (
    body: Buffer,
    like: SiteFile,
    extra: Partial<SiteFile> = {},
  ): Promise<SiteFile> => ({
    body,
    ...(await quickVariantsOffThread(body)),
    contentType: like.contentType,
    cacheControl: like.cacheControl,
    etag: etagOf(body),
    modified: new Date(),
    ...extra,
  });

  /**
   * A file's text parts with the settings written in, encoded a part at a time with turns
   * between: a 4 MB feed personalised and encoded at once held the event loop 60–80 ms (issue 40).
   * A part is a whole entry: no placeholder is cut in two.
   */
  async function bodyInSteps(parts: readonly string[], path: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let stepEnds = performance.now() + stepMs;
    for (const part of parts) {
      chunks.push(Buffer.from(personaliseHtml(part, path, deps.settings)));
      if (performance.now() >= stepEnds) {
        await nextTurn();
        stepEnds = performance.now() + stepMs;
      }
    }
    return Buffer.concat(chunks);
  }

  /** The page's HTML as it will be served, refused if it carries a script the build's did not. */
  async function renderPage(path: string, content: Partial<SiteContent>, like: SiteFile) {
    const rendered = await deps.render(path, content);
    // The build's own post-processing of the page: the appeal form's island on /appeals.
    const island = appealIslandOf(like.body.toString("utf8"));
    const built = island ? withAppealIsland(rendered.html, island) : rendered.html;
    const html = personaliseHtml(built, path, deps.settings);
    const inline = inlineSources(html);
    const allowed = new Set(like.inline?.scripts ?? []);
    // Data blocks are not run (the organisation's JSON-LD follows the published contacts).
    const run = inlineSources(
      html.replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g, ""),
    );
    if (/<script\b[^>]*\bsrc\s*=/i.test(html) || run.scripts.some((hash) => !allowed.has(hash))) {
      throw new Error(`${path} rendered with a script the built page does not have`);
    }
    return { html, inline, data: rendered.data, dataPath: rendered.dataPath };
  }

  return { fileOf, bodyInSteps, renderPage };
}
