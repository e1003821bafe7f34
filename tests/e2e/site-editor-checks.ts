// What every test of a page edited by staff checks (issue 28): the published public page as a
// visitor's browser gets it (its policy holds, axe-clean, no script but the build's own, no
// sideways scroll at 320 px nor at 200% zoom), and the staff editor itself (axe-clean, no
// script, no sideways scroll at 320 px).
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before } from "node:test";
import type { Browser, Page } from "playwright-core";
import { testPasswordHash } from "../support/staff-fixtures.ts";
import type { TestDatabaseKind } from "../support/test-databases.ts";
import { axeViolations } from "./axe.ts";
import {
  launchBrowser,
  openPage,
  type RunningSite,
  type StartSiteOptions,
  startSite,
} from "./harness.ts";
import { htmlCheckerErrors } from "./html-checker.ts";
import { assertAccessible, assertNoScripts, staffPassword, startSession } from "./staff-pages.ts";

/**
 * The page's scripts but the low-vision panel's two, which every page of the build carries, and
 * data blocks (the organisation's JSON-LD), which are not run.
 */
export function ownScripts(html: string): string[] {
  return (html.match(/<script\b[^>]*>[\s\S]*?<\/script>/gi) ?? []).filter(
    (element) =>
      !/^<script>\((function (applySavedLowVision|enhanceLowVisionPanel))/.test(element) &&
      !element.startsWith('<script type="application/ld+json">'),
  );
}

const overflowOf = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A published public page: `shows` visible, axe-clean, no console error, fits narrow screens. */
export async function assertPublicPageSound(
  browser: Browser,
  url: string,
  shows: string | RegExp,
): Promise<void> {
  const html = await (await fetch(url)).text();
  assert.deepEqual(ownScripts(html), [], "no script on a content page");
  const visitor = await openPage(browser);
  await visitor.page.goto(url);
  await visitor.page.getByText(shows).first().waitFor();
  assert.deepEqual(await axeViolations(visitor.page), []);
  assert.deepEqual(visitor.consoleErrors, []);
  await visitor.close();
  // It fits a 320 px phone and a 1280 px screen at 200% zoom, as every built page must.
  for (const options of [
    { viewport: { width: 320, height: 640 } },
    { viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 },
  ]) {
    const narrow = await openPage(browser, options);
    await narrow.page.goto(url, { waitUntil: "load" });
    assert.equal(
      await overflowOf(narrow.page),
      0,
      `scrolls sideways at ${options.viewport.width} px`,
    );
    await narrow.close();
  }
}

/** A staff editor page as shown now: axe-clean, no script, no sideways scroll at 320 px. */
export async function assertEditorSound(page: Page): Promise<void> {
  await assertNoScripts(page);
  await assertAccessible(page);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 640 });
  try {
    assert.equal(await overflowOf(page), 0, `${page.url()} scrolls sideways at 320 px`);
  } finally {
    if (size) await page.setViewportSize(size);
  }
}

export type EditingSite = {
  site: RunningSite;
  editor: Page;
  head: Page;
  close: () => Promise<void>;
};

/** A browser for a test file: launched before its tests, closed after them. */
export function browserForTests(): { browser: Browser } {
  const env = {} as { browser: Browser };
  before(async () => {
    env.browser = await launchBrowser();
  });
  after(async () => {
    await env.browser?.close();
  });
  return env;
}

/** In a describe: an editing site on a fresh store of `kind`, there before its tests. */
export function editingSiteForTests(
  env: { browser: Browser },
  kind: TestDatabaseKind,
  options: Omit<StartSiteOptions, "databaseUrl"> = {},
): EditingSite {
  const editing = {} as EditingSite;
  before(async () => {
    Object.assign(editing, await startEditingSite(env.browser, kind, options));
  });
  after(() => editing.close?.());
  return editing;
}

/** A site on a fresh store with an editor (elena) and a head (hanna), each signed in a browser. */
async function startEditingSite(
  browser: Browser,
  kind: TestDatabaseKind,
  options: Omit<StartSiteOptions, "databaseUrl"> = {},
): Promise<EditingSite> {
  const database = await kind.create();
  const site = await startSite({ ...options, databaseUrl: database.url });
  const hash = await testPasswordHash(staffPassword);
  await site.data.staffAccounts.addUser("elena", hash, new Date(), { role: "editor" });
  await site.data.staffAccounts.addUser("hanna", hash, new Date(), { role: "head" });
  const editor = await openPage(browser);
  const head = await openPage(browser);
  await startSession(editor.page, site, "elena");
  await editor.page.waitForURL(/\/staff\/site$/);
  await startSession(head.page, site, "hanna");
  await head.page.waitForURL(/\/staff$/);
  return {
    site,
    editor: editor.page,
    head: head.page,
    close: async () => {
      await editor.close();
      await head.close();
      await site.close();
      await database.drop();
    },
  };
}

/** A head approves the edition of `title` awaiting approval, from the list of pages. */
export async function headApproves(head: Page, baseUrl: string, title: string): Promise<void> {
  await head.goto(`${baseUrl}/staff/site`);
  await head.getByRole("row", { name: new RegExp(`${title}.*На согласовании.*elena`) }).waitFor();
  await head.getByRole("link", { name: title, exact: true }).click();
  await head.getByRole("button", { name: "Утвердить и опубликовать" }).click();
  await head.getByText("Опубликовано: страница на сайте обновлена.").waitFor();
}

/** A head publishes the build's content again from «История». */
export async function headRestoresBuildContent(head: Page, baseUrl: string, page: string) {
  await head.goto(`${baseUrl}/staff/site/${page}`);
  await head
    .getByRole("listitem")
    .filter({ hasText: "Исходная версия сайта" })
    .getByRole("button", { name: "Вернуть эту редакцию" })
    .click();
  await head.getByText("Опубликовано: страница на сайте обновлена.").waitFor();
}

/** Pages kept by a test file, given to the W3C checker in one run (it starts slowly). */
export async function assertValidHtml(pages: readonly { name: string; html: string }[]) {
  const dir = await mkdtemp(join(tmpdir(), "site-editor-pages-"));
  try {
    const files = [];
    for (const page of pages) {
      await writeFile(join(dir, page.name), page.html);
      files.push(join(dir, page.name));
    }
    assert.deepEqual(await htmlCheckerErrors(files), []);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The editor of `page` as the server sends it (for the HTML checker), named by `name`. */
export async function editorPageHtml(viewer: Page, baseUrl: string, page: string, name: string) {
  const response = await viewer.goto(`${baseUrl}/staff/site/${page}`);
  return { name, html: (await response?.text()) ?? "" };
}

/** «История» of `page` names these changes in its newest edition; the editor is sound. */
export async function assertHistoryShows(
  viewer: Page,
  baseUrl: string,
  page: string,
  rows: readonly RegExp[],
) {
  await viewer.goto(`${baseUrl}/staff/site/${page}`);
  const history = viewer.getByRole("region", { name: "Изменения редакции 1" });
  for (const name of rows) await history.getByRole("row", { name }).waitFor();
  await assertEditorSound(viewer);
}
