// Helpers of the staff registry's browser tests: an account, a signed-in page, appeals sent the
// way the public form sends them.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import type { StaffRole } from "../../domain/staff/staff-roles.ts";
import { sessionCookie } from "../../server/pages/staff-session.ts";
import { tokenHash } from "../../server/staff/auth/staff-auth.ts";
import { sha256 } from "../support/appeal-files.ts";
import { testPasswordHash } from "../support/staff-fixtures.ts";
import { axeViolations } from "./axe.ts";
import type { RunningSite } from "./harness.ts";
import { downloadedBytes, openPage, type WatchedPage } from "./harness.ts";

export const staffPassword = "correct horse battery staple";

export async function addAccount(
  site: RunningSite,
  login: string,
  account: { role?: StaffRole; email?: string } = {},
) {
  await site.data.staffAccounts.addUser(
    login,
    await testPasswordHash(staffPassword),
    new Date(),
    account,
  );
}

/**
 * Fills and sends the sign-in form as a person would: for the tests of signing in itself
 * (staff-security.test.ts and the sign-in files). Every other browser test starts signed in
 * through the store (`startSession`).
 */
export async function signIn(page: Page, baseUrl: string, login: string, password = staffPassword) {
  await page.goto(`${baseUrl}/staff/login`);
  await page.getByLabel("Логин").fill(login);
  await page.getByLabel("Пароль").fill(password);
  await page.getByRole("button", { name: "Войти" }).click();
}

/**
 * Signs `login` in as the sign-in form's last step does: a session in the store under its token's
 * hash and the token in the session cookie (server/pages/staff-session.ts), then opens the staff
 * area's first page (`/staff`, where the server sends each role on). A browser test that is not
 * about signing in starts so: the form's page, its post and its password check cost a page load
 * and a round trip per person and test, and are tested where they are the subject (issue 39).
 */
export async function startSession(page: Page, site: RunningSite, login: string): Promise<void> {
  const user = await site.data.staffAccounts.findUser(login);
  assert.ok(user, `an account ${login}`);
  const token = randomBytes(32).toString("base64url");
  await site.data.staffAccounts.createSession(tokenHash(token), user.id, new Date());
  await page.context().addCookies([
    {
      name: sessionCookie,
      value: token,
      domain: new URL(site.baseUrl).hostname,
      path: "/staff",
      httpOnly: true,
      sameSite: "Strict",
    },
  ]);
  await page.goto(`${site.baseUrl}/staff`);
}

/** A page of its own, signed in as `login` (`startSession`), on the registry's list. */
export async function signedInPage(
  browser: Browser,
  site: RunningSite,
  login: string,
): Promise<WatchedPage> {
  const watched = await openPage(browser, { acceptDownloads: true });
  await startSession(watched.page, site, login);
  await watched.page.getByRole("heading", { name: "Обращения граждан" }).waitFor();
  return watched;
}

/** An appeal sent to the public API, as the form does; returns its id and number. */
export async function submitAppeal(
  site: RunningSite,
  fields: Record<string, unknown> = {},
): Promise<{ id: string; number: string }> {
  const response = await fetch(`${site.baseUrl}/api/users/appeals/`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: site.baseUrl },
    body: JSON.stringify({
      first_name: "Анна",
      last_name: "Иванова",
      email: "anna@example.ru",
      phone: "+7 912 345-67-89",
      region: "43 - Кировская область",
      comment: "Прошу сообщить сроки обследования полей.",
      consent: true,
      ...fields,
    }),
  });
  assert.equal(response.status, 201, await response.clone().text());
  return (await response.json()) as { id: string; number: string };
}

/** No script element and no script run on a staff page: the page is plain HTML. */
export async function assertNoScripts(page: Page) {
  assert.equal(await page.locator("script").count(), 0, `no <script> on ${page.url()}`);
}

/** No axe-core violation on the page (WCAG checks as for the public pages). */
export async function assertAccessible(page: Page) {
  assert.deepEqual(await axeViolations(page), [], page.url());
}

/**
 * On an appeal's page already open: each citizen's file is downloaded from its link under its
 * own name, with the bytes the citizen sent.
 */
export async function assertFilesDownload(
  page: Page,
  files: readonly { name: string; buffer: Buffer }[],
) {
  for (const file of files) {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("appeal-files").getByRole("link", { name: file.name }).click(),
    ]);
    assert.equal(download.suggestedFilename(), file.name);
    assert.equal(sha256(await downloadedBytes(download)), sha256(file.buffer), file.name);
  }
}
