// Issue 28's core on /vacancies, in Chromium, on SQLite (decision 0051): an editor changes a salary and
// submits it; the public page does not change; a head approves; the public page shows the new
// salary without a restart, valid HTML, axe-clean, fitting 320 px and 200% zoom, with no script
// but the build's own; a preview
// shows a draft to staff only; «Вернуть эту редакцию» brings the old salary back; the roles
// without the site reach no editing page. Each viewer signs in once. Needs `npm run build`.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import { testPasswordHash } from "../support/staff-fixtures.ts";
import { StaffHttpBrowser } from "../support/staff-http.ts";
import { browserStores } from "../support/test-databases.ts";
import { launchBrowser, openPage, type RunningSite, startSite } from "./harness.ts";
import {
  assertEditorSound,
  assertPublicPageSound,
  assertValidHtml,
  headRestoresBuildContent,
  ownScripts,
} from "./site-editor-checks.ts";
import { staffPassword, startSession } from "./staff-pages.ts";

const oldSalary = "45\u00a0000\u00a0₽ в\u00a0месяц на\u00a0руки";
const newSalary = "50\u00a0000\u00a0₽ в\u00a0месяц на\u00a0руки";

/** The pages published in each store, checked by the HTML checker in one run at the end. */
const publishedPages: { name: string; html: string }[] = [];

const accounts = [
  ["elena", "editor"],
  ["hanna", "head"],
  ["regina", "registrar"],
  ["ivan", "executor"],
  ["adam", "admin"],
] as const;
const passwordHash = testPasswordHash(staffPassword);

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

for (const kind of browserStores) {
  describe(`/vacancies edited by staff (${kind.name})`, { concurrency: false }, () => {
    let site: RunningSite;
    let closeDatabase: () => Promise<void>;
    let editor: Page;
    let head: Page;
    const publicPage = async () => {
      const response = await fetch(`${site.baseUrl}/vacancies`);
      return { html: await response.text(), etag: response.headers.get("etag") };
    };

    before(async () => {
      const database = await kind.create();
      closeDatabase = database.drop;
      site = await startSite({ databaseUrl: database.url });
      // One password hash for every account: hashing is slow on purpose.
      const hash = await passwordHash;
      for (const [login, role] of accounts) {
        await site.data.staffAccounts.addUser(login, hash, new Date(), { role });
      }
      editor = (await openPage(browser)).page;
      head = (await openPage(browser)).page;
      await startSession(editor, site, "elena");
      await editor.waitForURL(/\/staff\/site$/);
      await startSession(head, site, "hanna");
      await head.waitForURL(/\/staff$/);
    });
    after(async () => {
      await site?.close();
      await closeDatabase?.();
    });

    test("an editor's new salary waits for a head; approved, the public page shows it at once", async () => {
      // The editor's home is the site's content, not the appeals.
      await editor.getByRole("heading", { name: "Содержание сайта" }).waitFor();
      const before = await publicPage();
      assert.ok(before.html.includes(oldSalary));

      await editor.getByRole("link", { name: "Вакансии" }).click();
      await editor.locator("#vacancy-0-salary").fill("50000");
      assert.equal(await editor.getByRole("button", { name: "Опубликовать" }).count(), 0);
      await editor.getByRole("button", { name: "Передать на согласование" }).click();
      await editor.getByText("Передано на согласование руководителю").waitFor();
      const waiting = await publicPage();
      assert.ok(waiting.html.includes(oldSalary), "nothing changes publicly before approval");
      assert.ok(!waiting.html.includes(newSalary));
      assert.equal(waiting.etag, before.etag);

      await head.goto(`${site.baseUrl}/staff/site`);
      await head.getByRole("row", { name: /Вакансии.*На согласовании.*elena/ }).waitFor();
      await head.getByRole("link", { name: "Вакансии" }).click();
      // The head's editor with the review and both «Опубликовать по расписанию» fieldsets.
      await assertEditorSound(head);
      await head.getByRole("button", { name: "Утвердить и опубликовать" }).click();
      await head.getByText("Опубликовано: страница на сайте обновлена.").waitFor();

      const published = await publicPage();
      assert.ok(published.html.includes(newSalary), "the new salary, without a restart");
      assert.ok(!published.html.includes(oldSalary));
      assert.notEqual(published.etag, before.etag, "a new ETag");
      assert.deepEqual(ownScripts(published.html), [], "no script on a content page");
      const brotli = await fetch(`${site.baseUrl}/vacancies`, {
        headers: { "accept-encoding": "br" },
      });
      assert.equal(brotli.headers.get("content-encoding"), "br");
      assert.equal(await brotli.text(), published.html, "its brotli variant is the same page");
      const sitemap = await (await fetch(`${site.baseUrl}/sitemap.xml`)).text();
      assert.match(sitemap, /\/vacancies<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);

      // The page as a visitor's browser gets it: its policy holds (no console error), axe-clean,
      // fitting 320 px and 200% zoom.
      await assertPublicPageSound(browser, `${site.baseUrl}/vacancies`, newSalary);
      publishedPages.push({ name: `vacancies-${kind.name}.html`, html: published.html });
    });

    test("a preview shows the draft to staff only; «Вернуть эту редакцию» restores the old salary", async () => {
      await editor.goto(`${site.baseUrl}/staff/site/vacancies`);
      await editor.locator("#vacancy-1-salary").fill("57000");
      await editor.getByRole("button", { name: "Предпросмотр" }).click();
      await editor.getByText("Черновик.").waitFor();
      assert.ok(
        (await editor.locator(".vacancy__salary").allTextContents()).includes(
          "57\u00a0000\u00a0₽ в\u00a0месяц",
        ),
      );
      assert.equal(
        await editor.locator('meta[name="robots"]').getAttribute("content"),
        "noindex, nofollow",
      );
      assert.ok(!(await publicPage()).html.includes("57\u00a0000"), "the draft is not public");
      const anonymous = await fetch(`${site.baseUrl}/staff/site/vacancies/preview`, {
        redirect: "manual",
      });
      assert.notEqual(anonymous.status, 200);

      await head.goto(`${site.baseUrl}/staff/site/vacancies`);
      const history = head.getByRole("region", { name: "Изменения редакции 1" });
      await history.getByRole("row", { name: /Химик-агрохимик: Зарплата/ }).waitFor();
      await headRestoresBuildContent(head, site.baseUrl, "vacancies");
      const restored = await publicPage();
      assert.ok(restored.html.includes(oldSalary), "the old salary is back");
      assert.ok(!restored.html.includes(newSalary));
      // Two editions in the history now, the restore on top, each action in the audit log.
      assert.equal(await head.getByRole("button", { name: "Вернуть эту редакцию" }).count(), 2);
      const audit = (await site.data.audit.recent(20)).map((entry) => entry.action);
      for (const action of [
        "site-submitted",
        "site-approved",
        "site-draft-saved",
        "site-restored",
      ]) {
        assert.ok(audit.includes(action), action);
      }
    });

    test("registrars, executors, admins and visitors reach no editing page; an editor no appeal", async () => {
      const paths = [
        "/staff/site",
        "/staff/site/vacancies",
        "/staff/site/vacancies/preview",
        "/staff/site/fill",
      ];
      // One at a time: the server checks one password per address at once (decision 0014).
      for (const login of ["regina", "ivan", "adam"]) {
        const staff = new StaffHttpBrowser(site.baseUrl);
        await staff.signIn(login, staffPassword);
        for (const path of paths) {
          assert.equal((await staff.get(path)).status, 404, `${login} ${path}`);
        }
        const posted = await staff.post("/staff/site/vacancies", {
          intent: "approve",
          edition: "1",
        });
        assert.equal(posted.status, 404, `${login} posts`);
        assert.ok(!(await staff.get("/staff")).html.includes("/staff/site"), `${login}: no link`);
      }
      for (const path of paths) {
        const response = await fetch(`${site.baseUrl}${path}`, { redirect: "manual" });
        assert.match(String(response.status), /^30[23]$/, path);
        assert.match(response.headers.get("location") ?? "", /\/staff\/login/);
      }
      const elena = new StaffHttpBrowser(site.baseUrl);
      await elena.signIn("elena", staffPassword);
      const list = await fetch(`${site.baseUrl}/staff`, {
        redirect: "manual",
        headers: { cookie: elena.cookie },
      });
      assert.equal(list.status, 303);
      assert.equal(list.headers.get("location"), "/staff/site");
      const appeal = await elena.get("/staff/appeals/00000000-0000-4000-8000-000000000000");
      assert.equal(appeal.status, 404);
    });
  });
}

test("the published pages are valid HTML (W3C checker)", async () => {
  assert.equal(publishedPages.length, browserStores.length);
  await assertValidHtml(publishedPages);
});
