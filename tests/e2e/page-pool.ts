/**
 * Pages a test file's browser connection opens once and hands out again (harness.ts `openPage`):
 * a page closed by its test is reset and kept for the next test that asks for the same context
 * options, instead of a new context and page each time (decision 0052).
 *
 * Why: in Chromium a new page costs a new renderer process and the browser's work to set it up.
 * On this kind of machine, 30 loads of the site's pages took 23.8 s of the machine's CPU with a
 * new context for each and 7.1 s in one page; axe-core took 2 s of CPU on a page in a new renderer
 * and 0.5 s in a warm one (the compiled axe source is kept by the renderer).
 *
 * What a test gets is what a new context gives: no cookie, no localStorage, an empty HTTP cache,
 * no route, no listener of the test before it, the viewport of its options, no other page open.
 * A page whose test changed what a reset cannot take back (an init script, an exposed function,
 * a route, extra headers, emulated media, the clock, permissions, offline, geolocation, timeouts)
 * is closed with its context instead of kept.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";

type Pooled = {
  page: Page;
  /** Origins the page's documents came from, whose storage the reset clears. */
  origins: Set<string>;
  /** Set by any call a reset cannot undo: the page is then closed, not kept. */
  tainted: boolean;
  /** Listeners added to the page or its context since it was handed out, taken off at reset. */
  listeners: { target: Listening; event: string; listener: (...args: never[]) => unknown }[];
};

type Listening = {
  off(event: string, listener: (...args: never[]) => unknown): unknown;
};

const idle = new WeakMap<Browser, Map<string, Pooled[]>>();
const pooledOf = new WeakMap<Page, Pooled>();

const pageCallsThatStay = [
  "addInitScript",
  "exposeBinding",
  "exposeFunction",
  "route",
  "routeFromHAR",
  "routeWebSocket",
  "setExtraHTTPHeaders",
  "emulateMedia",
  "setDefaultTimeout",
  "setDefaultNavigationTimeout",
] as const;
const contextCallsThatStay = [
  ...pageCallsThatStay.filter((name) => name !== "emulateMedia"),
  "setGeolocation",
  "setOffline",
  "grantPermissions",
  "setHTTPCredentials",
] as const;
const clockCalls = ["install", "setFixedTime", "setSystemTime", "pauseAt"] as const;

/**
 * Records each listener added to `target`, so that the reset takes off exactly those (Playwright's
 * own subscriptions to the browser's events follow its listeners: removing all of them at once
 * left a later `waitForRequest` without the events it waited for).
 */
function recordListeners(target: object, pooled: Pooled) {
  const methods = target as Record<string, unknown>;
  for (const name of ["on", "addListener", "once", "prependListener"]) {
    const original = methods[name];
    if (typeof original !== "function") continue;
    methods[name] = (event: string, listener: (...args: never[]) => unknown) => {
      pooled.listeners.push({ target: target as Listening, event, listener });
      return (original as (...a: unknown[]) => unknown).call(target, event, listener);
    };
  }
}

/** Replaces each named method of `target` by one that marks the page tainted, then calls it. */
function taintOn(target: object, names: readonly string[], pooled: Pooled) {
  const methods = target as Record<string, unknown>;
  for (const name of names) {
    const original = methods[name];
    if (typeof original !== "function") continue;
    methods[name] = (...args: unknown[]) => {
      pooled.tainted = true;
      return (original as (...a: unknown[]) => unknown).apply(target, args);
    };
  }
}

async function newPooledPage(browser: Browser, options: BrowserContextOptions): Promise<Pooled> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const pooled: Pooled = { page, origins: new Set(), tainted: false, listeners: [] };
  recordListeners(page, pooled);
  recordListeners(context, pooled);
  taintOn(page, pageCallsThatStay, pooled);
  taintOn(context, contextCallsThatStay, pooled);
  taintOn(context.clock, clockCalls, pooled);
  pooledOf.set(page, pooled);
  return pooled;
}

/** A page with `options` for this browser connection: a kept one if there is one, else new. */
export async function takePage(browser: Browser, options: BrowserContextOptions): Promise<Page> {
  const key = JSON.stringify(options);
  const pooled = idle.get(browser)?.get(key)?.pop() ?? (await newPooledPage(browser, options));
  pooled.page.on("framenavigated", (frame) => {
    if (frame !== pooled.page.mainFrame()) return;
    const { origin } = new URL(frame.url());
    if (origin !== "null") pooled.origins.add(origin);
  });
  return pooled.page;
}

/**
 * The test is done with the page: reset and kept for the next test with the same options, or
 * closed with its context when it cannot be reset.
 */
export async function givePageBack(
  browser: Browser,
  options: BrowserContextOptions,
  page: Page,
): Promise<void> {
  const pooled = pooledOf.get(page);
  const context = page.context();
  if (!pooled || pooled.tainted || page.isClosed() || !browser.isConnected()) {
    await context.close().catch(() => undefined);
    return;
  }
  try {
    await reset(pooled, context, options);
  } catch {
    await context.close().catch(() => undefined);
    return;
  }
  const key = JSON.stringify(options);
  const byOptions = idle.get(browser) ?? new Map<string, Pooled[]>();
  idle.set(browser, byOptions);
  byOptions.set(key, [...(byOptions.get(key) ?? []), pooled]);
}

async function reset(pooled: Pooled, context: BrowserContext, options: BrowserContextOptions) {
  const { page } = pooled;
  for (const { target, event, listener } of pooled.listeners.splice(0)) target.off(event, listener);
  for (const other of context.pages()) if (other !== page) await other.close();
  await page.goto("about:blank");
  await context.clearCookies();
  const session = await context.newCDPSession(page);
  try {
    for (const origin of pooled.origins) {
      await session.send("Storage.clearDataForOrigin", { origin, storageTypes: "all" });
    }
    await session.send("Network.clearBrowserCache");
  } finally {
    await session.detach();
  }
  pooled.origins.clear();
  const viewport = options.viewport === undefined ? { width: 1280, height: 720 } : options.viewport;
  const now = page.viewportSize();
  if (viewport && (now?.width !== viewport.width || now?.height !== viewport.height)) {
    await page.setViewportSize(viewport);
  }
}
