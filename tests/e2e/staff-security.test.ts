// What the staff registry refuses, in Chromium: a wrong password, a form without its CSRF token,
// a form from another origin, an expired session, a disabled account.
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { runSql } from "../support/direct-sql.ts";
import { openPage, siteAndBrowserForTests } from "./harness.ts";
import {
  addAccount,
  assertAccessible,
  assertNoScripts,
  signedInPage,
  signIn,
  submitAppeal,
} from "./staff-pages.ts";

describe("staff registry refusals in the browser", () => {
  const env = siteAndBrowserForTests();
  before(async () => {
    await addAccount(env.site, "anna");
    await addAccount(env.site, "boris");
  });

  test("the registry is private: the sign-in page first, noindex, no script", async () => {
    const { page, close } = await openPage(env.browser);
    try {
      const response = await page.goto(`${env.site.baseUrl}/staff`);
      assert.equal(new URL(page.url()).pathname, "/staff/login");
      assert.equal(response?.headers()["cache-control"], "no-store");
      assert.equal(
        await page.locator('meta[name="robots"]').getAttribute("content"),
        "noindex, nofollow",
      );
      await assertNoScripts(page);
      await assertAccessible(page);
      // The public site does not link the registry.
      await page.goto(`${env.site.baseUrl}/`);
      assert.equal(await page.locator('a[href^="/staff"]').count(), 0);
    } finally {
      await close();
    }
  });

  test("a wrong password is refused with a message", async () => {
    const { page, close } = await openPage(env.browser);
    try {
      await signIn(page, env.site.baseUrl, "anna", "not the password at all");
      await page.getByRole("alert").getByText("Неверный логин или пароль.").waitFor();
      assert.equal(new URL(page.url()).pathname, "/staff/login");
      const cookies = await page.context().cookies();
      assert.equal(cookies.filter((cookie) => cookie.name === "staff_session").length, 0);
    } finally {
      await close();
    }
  });

  test("a state change without the CSRF token, or from another origin, is refused", async () => {
    const appeal = await submitAppeal(env.site);
    const { page, close } = await signedInPage(env.browser, env.site, "anna");
    try {
      const url = `${env.site.baseUrl}/staff/appeals/${appeal.id}`;
      // The browser's own cookies, but no token: as a forged form would arrive.
      const forged = await page.request.post(url, {
        form: { intent: "register", version: "0", registered_on: "2026-01-01" },
        headers: { origin: env.site.baseUrl },
        maxRedirects: 0,
      });
      assert.equal(forged.status(), 403);
      assert.match(await forged.text(), /Форма устарела или отправлена не с этого сайта/);
      await page.goto(url);
      const token = await page.locator('input[name="_csrf"]').first().inputValue();
      const foreign = await page.request.post(url, {
        form: { _csrf: token, intent: "start", version: "0" },
        headers: { origin: "https://evil.example" },
        maxRedirects: 0,
      });
      assert.equal(foreign.status(), 403);
      await page.reload();
      await page.getByTestId("appeal-state").getByText("Новое").waitFor();
    } finally {
      await close();
    }
  });

  test("an expired session sends back to sign-in; sign-out ends the session", async () => {
    const { page, close } = await signedInPage(env.browser, env.site, "anna");
    try {
      await runSql(
        env.site.databaseUrl,
        "UPDATE staff_sessions SET last_seen_at = ? WHERE ended_at IS NULL",
        [new Date(Date.now() - 31 * 60_000).toISOString()],
      );
      await page.goto(`${env.site.baseUrl}/staff`);
      assert.equal(new URL(page.url()).pathname, "/staff/login");

      await signIn(page, env.site.baseUrl, "anna");
      await page.getByRole("button", { name: "Выйти" }).click();
      assert.equal(new URL(page.url()).pathname, "/staff/login");
      await page.goto(`${env.site.baseUrl}/staff`);
      assert.equal(new URL(page.url()).pathname, "/staff/login");
    } finally {
      await close();
    }
  });

  test("a disabled account is refused, and its open session ends", async () => {
    const { page, close } = await signedInPage(env.browser, env.site, "boris");
    try {
      assert.equal(await env.site.data.staffAccounts.disableUser("boris", new Date()), true);
      await page.goto(`${env.site.baseUrl}/staff`);
      assert.equal(new URL(page.url()).pathname, "/staff/login");
      await signIn(page, env.site.baseUrl, "boris");
      await page.getByRole("alert").getByText("Неверный логин или пароль.").waitFor();
    } finally {
      await close();
    }
  });
});
