/**
 * The site's content editions on this server: the publisher over React Router's server build
 * and the in-memory site, the staff's service, the latest published editions shown before the
 * server listens (a restart never loses a published change), and the notices of other servers'
 * publishes heard while it runs (decision 0030).
 */
import type { FastifyInstance } from "fastify";
import { siteContentDefaults } from "../../content/site-content-defaults.ts";
import { newsFeedPath } from "../../domain/site-content/news-content.ts";
import type { DataLayer } from "../db/data-layer.ts";
import { defaultHeartbeatMs, type PublishedListener } from "../db/site-edition-signals.ts";
import type { HealthzReports } from "../operations/healthz.ts";
import { fileTextCache } from "../search/file-text-cache.ts";
import { createPdfTextReader } from "../search/pdf-text-reader.ts";
import { registerSiteSearch } from "../search/register-site-search.ts";
import { newsFeedPartsInSteps } from "../site/news-feed.ts";
import type { SiteSettings } from "../site/site-settings.ts";
import { createLinkCheck } from "./link-check.ts";
import type { PageRenderer } from "./page-files.ts";
import { watchPlaceholders } from "./placeholder-watch.ts";
import { watchPublishedVersions } from "./published-versions-watch.ts";
import { createSiteEditionService } from "./site-edition-service.ts";
import { registerSiteFileRoute } from "./site-file-route.ts";
import { createSiteFileService } from "./site-file-service.ts";
import { createSitePublisher, type LiveSite } from "./site-publisher.ts";
import { startScheduleChecks } from "./site-schedule-checks.ts";

export function registerSiteContent(
  app: FastifyInstance,
  deps: {
    data: DataLayer;
    approval: boolean;
    /** The public pages rendered the way the build prerenders them (server/pages/page-renderer.ts). */
    render: PageRenderer;
    settings: SiteSettings;
    /** The in-memory site, there once the static site is registered. */
    live: () => LiveSite;
    /** The public pages rendered on each request (/search, …): links to them lead somewhere. */
    pagesPerRequest?: readonly string[];
    /** Where the search keeps the text it read from PDFs between starts (SiteFiles). */
    fileTextCacheDir?: string | undefined;
    /**
     * In production: where the count of placeholder values still published is reported
     * (/healthz), besides the start-up log (decision 0040).
     */
    placeholders?: HealthzReports | undefined;
    /** Where the publish notices' listener says when it last heard itself (issue 40). */
    health?: HealthzReports | undefined;
    /** PUBLISH_HEARTBEAT_MS: the listener's heartbeat; the published versions compared at twice it. */
    heartbeatMs?: number | undefined;
  },
) {
  const publisher = createSitePublisher({
    render: deps.render,
    settings: deps.settings,
    live: deps.live,
    defaults: siteContentDefaults,
    feed: (path, content, publishedAt) => {
      if (path !== newsFeedPath) throw new Error(`${path} is not a feed of the site`);
      return newsFeedPartsInSteps(content.news, publishedAt);
    },
    // The search reads the site again after every edition put on it (issue 29).
    onShown: () => search.onShown(),
  });
  const placeholders = watchPlaceholders(publisher, siteContentDefaults);
  deps.placeholders?.report("placeholders", placeholders.count);
  // One reader of PDFs' text for the uploads' warnings and the search (issue 40).
  const pdfTexts = createPdfTextReader({ cache: fileTextCache(deps.fileTextCacheDir) });
  const files = createSiteFileService({ data: deps.data, pdfTexts });
  registerSiteFileRoute(app, files);
  const service = createSiteEditionService({
    data: deps.data,
    approval: deps.approval,
    publisher,
    files,
    // The site's own links judged by what this server serves now (issue 43, decision 0061).
    links: createLinkCheck({
      served: (path) => deps.live().file(path),
      shown: () => ({ ...siteContentDefaults, ...publisher.shownContent() }),
      keptFiles: (ids) => deps.data.linkChecks.keptSiteFiles(ids),
      renderedPerRequest: new Set(deps.pagesPerRequest ?? []),
    }),
    defaults: siteContentDefaults,
    scheduled: () => checks?.poke(),
    placeholders: placeholders.list,
    // The reason is the operators' (a date the formatter refused); the editor reads a sentence.
    renderFailed: (page, error) =>
      app.log.warn(
        { page, err: { name: (error as Error)?.name, message: (error as Error)?.message } },
        "site: a page would not render from an edition",
      ),
  });
  // A warning, not an outage: the page serves its last good edition (issue 40).
  deps.health?.watch("sitePages", () => ({
    failing: null,
    state: { unshown: service.unshown() },
  }));
  let checks: ReturnType<typeof startScheduleChecks> | undefined;
  let listener: PublishedListener | undefined;
  let versions: ReturnType<typeof watchPublishedVersions> | undefined;
  const heartbeatMs = deps.heartbeatMs ?? defaultHeartbeatMs;
  const showing = (what: string, work: Promise<void>) =>
    work.catch((error: unknown) =>
      app.log.error(
        { err: { name: (error as Error)?.name, message: (error as Error)?.message } },
        what,
      ),
    );
  app.addHook("onReady", async () => {
    // A page that cannot be shown is logged and keeps the build's content: the site still starts.
    const begun = performance.now();
    await showing("showing the published pages at start failed", service.showAllPublished());
    // Each edition's pages rendered and compressed: most of a start with many announcements.
    app.log.info(
      { ms: Math.round(performance.now() - begun) },
      "site: the published editions shown at start",
    );
    // Editions whose moment came while the server was down are published before it listens.
    checks = startScheduleChecks({
      publishDue: () => service.publishDue(),
      next: () => deps.data.siteEditions.nextScheduled(),
      log: app.log,
    });
    await checks.first;
    if (deps.placeholders) {
      // A count only: the values themselves (names, e-mails) are on «Что заполнить».
      const count = placeholders.count();
      app.log.info(
        { placeholders: count },
        `placeholder values of the seed still published: ${count} (see /staff/site/fill)`,
      );
    }
    listener = deps.data.listenForPublished(
      {
        onPage: (page) =>
          void showing("showing a published page failed", service.showPublished(page)),
        // Notices sent while the connection was down are lost: read every page again.
        onConnected: () => {
          void showing("showing the published pages failed", service.showAllPublished());
          checks?.poke();
        },
        // Another server set a moment: the timer is set for the earliest one (decision 0039).
        onScheduled: () => checks?.poke(),
        onError: (error) =>
          app.log.warn(
            { err: { message: (error as Error)?.message } },
            "publish notices: reconnecting",
          ),
      },
      { heartbeatMs },
    );
    deps.health?.watch("publishNotices", () => {
      const health = listener?.health();
      if (!health) return null;
      const { lastHeardAt, silentMs, silent } = health;
      return {
        failing: silent ? "publish-notices-silent" : null,
        state: { lastHeardAt: lastHeardAt?.toISOString() ?? null, silentMs },
      };
    });
    // A notice lost for whatever reason costs one round of this, not for ever (issue 40).
    versions = watchPublishedVersions({
      read: () => deps.data.publishedVersions(),
      show: (page) => service.showPublished(page),
      everyMs: heartbeatMs * 2,
      onError: (error) =>
        app.log.error(
          { err: { name: (error as Error)?.name, message: (error as Error)?.message } },
          "comparing the published versions failed",
        ),
    });
  });
  app.addHook("onClose", async () => {
    versions?.stop();
    await listener?.close();
    await checks?.stop();
  });
  // Its first index is built after the published pages are shown above (hooks run in order).
  const search = registerSiteSearch(app, {
    data: deps.data,
    live: deps.live,
    published: () => publisher.shownContent(),
    pdfTexts,
  });
  return { service, publisher, search: search.search };
}
