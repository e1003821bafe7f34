// Starts the real server in-process on a free port against the built site, and a real Chromium.
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before } from "node:test";
import type { FastifyInstance } from "fastify";
import {
  type Browser,
  type BrowserContextOptions,
  chromium,
  type Download,
  type Page,
} from "playwright-core";
import { chromiumArgs, chromiumPath, chromiumTestArgs } from "../../scripts/chromium.ts";
import { buildApp } from "../../server/app.ts";
import { parseDatabaseUrl, type ServerTimeouts } from "../../server/config.ts";
import { type DataLayer, openDataLayer } from "../../server/db/data-layer.ts";
import type { ImapUrl } from "../../server/mail/inbound/imap-url.ts";
import type { MailConfig } from "../../server/mail/mail-config.ts";
import { loadPageHandler } from "../../server/pages/react-router-bridge.ts";
import { loadSiteFiles } from "../../server/site/site-files.ts";
import { browserEndpointVariable } from "../support/shared-browser.ts";
import { givePageBack, takePage } from "./page-pool.ts";

export const siteDir = "build/client";
export const serverBuildPath = "build/server/index.js";

export type RunningSite = {
  baseUrl: string;
  app: FastifyInstance;
  /** The site's data layer: appeals, staff accounts, audit, deliveries. */
  data: DataLayer;
  /** The DATABASE_URL the site runs on. */
  databaseUrl: string;
  close(): Promise<void>;
};

export type StartSiteOptions = {
  /** Default: a fresh SQLite file in a temporary directory. */
  databaseUrl?: string;
  /**
   * Appeals per client address. Every browser test comes from 127.0.0.1, so the default here is
   * generous (1000); a test of the limit itself passes the real numbers (10 and 100).
   */
  rateLimit?: { perMinute: number; perDay: number };
  /** Development mode: a localhost page on another port may call the API (default off). */
  allowLocalhostOrigins?: boolean;
  /** Shorter limits for the slow-client tests; the production values otherwise. */
  timeouts?: ServerTimeouts;
  /** Mail through a real SMTP server (tests/support/test-smtp-server.ts); off when not given. */
  mail?: MailConfig;
  /** CONTENT_APPROVAL: a site editor's change waits for a head (default on). */
  contentApproval?: boolean;
  /** As with NODE_ENV=production: /healthz and the start-up log count the placeholders. */
  reportPlaceholders?: boolean;
  /** Where the server's log lines go (level info); none logged when not given. */
  logLines?: string[];
  /**
   * PUBLISH_HEARTBEAT_MS: a second server on one SQLite file hears a publish by comparing the
   * published versions every two of it (5 s by default).
   */
  publishHeartbeatMs?: number;
  /** IMAP_URL: the organisation's mailbox read into the registry (issue 46); off when not given. */
  imap?: ImapUrl;
};

/**
 * The built site, the API and the no-JavaScript form (React Router's server build) on
 * 127.0.0.1:<free port>, with a fresh SQLite store unless told.
 */
export async function startSite(options: StartSiteOptions = {}): Promise<RunningSite> {
  if (!existsSync(join(siteDir, "index.html")) || !existsSync(serverBuildPath)) {
    throw new Error("No built site: run `npm run build` before the end-to-end tests");
  }
  const tempDir = await mkdtemp(join(tmpdir(), "e2e-site-"));
  const databaseUrl = options.databaseUrl ?? `sqlite:${join(tempDir, "appeals.sqlite")}`;
  const database = parseDatabaseUrl(databaseUrl);
  const data = await openDataLayer(database);
  const site = await loadSiteFiles(siteDir);
  const pageHandler = await loadPageHandler(serverBuildPath);
  const app = buildApp({
    config: {
      logLevel: options.logLines ? "info" : "silent",
      rateLimit: options.rateLimit ?? { perMinute: 1000, perDay: 1000 },
      allowLocalhostOrigins: options.allowLocalhostOrigins ?? false,
      timeouts: options.timeouts,
      mail: options.mail,
      contentApproval: options.contentApproval,
      reportPlaceholders: options.reportPlaceholders,
      ...(options.publishHeartbeatMs ? { publishHeartbeatMs: options.publishHeartbeatMs } : {}),
      ...(options.imap ? { imap: options.imap } : {}),
    },
    data,
    site,
    pageHandler,
    ...(options.logLines ? { logStream: { write: (line) => options.logLines?.push(line) } } : {}),
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("server has no port");
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    app,
    data,
    databaseUrl,
    async close() {
      await app.close();
      await data.close();
      await rm(tempDir, { recursive: true, force: true });
    },
  };
}

export { chromiumArgs, chromiumPath };

/**
 * The test runner's Chromium for this worker slot when it gives one (a connection of this file's
 * own: closing it drops this file's contexts and leaves the browser to the next file), else a
 * browser of the file's own (tests/support/shared-browser.ts).
 */
export function launchBrowser(): Promise<Browser> {
  const shared = process.env[browserEndpointVariable];
  if (shared) return chromium.connect(shared);
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: chromiumTestArgs,
  });
}

export type WatchedPage = {
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  consoleErrors: string[];
  close(): Promise<void>;
};

/**
 * A page in a context of its own, as a new context would give it (page-pool.ts: a page an earlier
 * test gave back, reset, when one with the same options is there). External hosts are unreachable
 * here (map widgets, social links): the tests' Chromium resolves no other host
 * (chromiumTestArgs), and a failure to load them is not counted as our console error.
 */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<WatchedPage> {
  const contextOptions = { locale: "ru-RU", ...options };
  const page = await takePage(browser, contextOptions);
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const url = message.location().url;
    if (
      url &&
      !/^https?:\/\/(127\.0\.0\.1|localhost)/.test(url) &&
      message.text().includes("Failed to load resource")
    )
      return;
    consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(`pageerror: ${error.message}`));
  let closed = false;
  return {
    page,
    consoleErrors,
    async close() {
      if (closed) return;
      closed = true;
      await givePageBack(browser, contextOptions, page);
    },
  };
}

/** The running site for a test file: started before its tests, stopped after them. */
export function siteForTests(options: StartSiteOptions = {}): { site: RunningSite } {
  const env = {} as { site: RunningSite };
  before(async () => {
    env.site = await startSite(options);
  });
  after(async () => {
    await env.site?.close();
  });
  return env;
}

/** The running site and a Chromium for a test file, started before its tests, stopped after. */
export function siteAndBrowserForTests(options: StartSiteOptions = {}): {
  site: RunningSite;
  browser: Browser;
} {
  const env = {} as { site: RunningSite; browser: Browser };
  before(async () => {
    env.site = await startSite(options);
    env.browser = await launchBrowser();
  });
  after(async () => {
    await env.browser?.close();
    await env.site?.close();
  });
  return env;
}

/**
 * A download's bytes, read through the browser's connection: `download.path()` is not there when
 * the browser is the runner's shared one (a remote connection, in Playwright's terms).
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
