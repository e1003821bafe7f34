// «Архив» in Chromium (issue 45): a head marks one old case «постоянно» on its page, opens the
// archive from the menu and finds the due year with only the two ordinary answered cases (never
// the corruption report, the open appeal or the permanent one, all as old); makes an act, takes
// one case off with the commission's reason, approves with the protocol. Then only the one left
// on the act is gone (404); the act shows its list without a citizen's name, prints on A4 without
// the staff frame or forms, and fits 320 px. A registrar gets 404 at the archive and no menu
// link. axe finds nothing on the archive and the act. The server has no clock to move, so the
// cases are seeded closed in 2019 (their term ended on 31.12.2024), as time would have left them.
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { runSql } from "../support/direct-sql.ts";
import { type RunningSite, siteAndBrowserForTests } from "./harness.ts";
import { addAccount, assertAccessible, signedInPage, submitAppeal } from "./staff-pages.ts";

const env = siteAndBrowserForTests();

type Seeded = { id: string; number: string; lastName: string };

/** An appeal sent through the public API, then aged in its row as the years would have left it. */
async function seedOld(
  site: RunningSite,
  lastName: string,
  row: { state: "answered" | "registered"; topic: string },
): Promise<Seeded> {
  const { id, number } = await submitAppeal(site, { last_name: lastName });
  const closed = row.state === "answered";
  await runSql(
    site.databaseUrl,
    `UPDATE appeals SET created_at = ?, consent_at = ?, registered_on = ?, state = ?,
       answered_on = ?, closed_on = ?, topic = ? WHERE id = ?`,
    [
      "2019-03-01T07:00:00.000Z",
      "2019-03-01T07:00:00.000Z",
      "2019-03-04",
      row.state,
      closed ? "2019-03-20" : null,
      closed ? "2019-03-20" : null,
      row.topic,
      id,
    ],
  );
  return { id, number, lastName };
}

function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

const seeded = {} as Record<"kept" | "removed" | "permanent" | "corruption" | "open", Seeded>;

// In a suite: its seeding runs after the file's site has started.
describe("the archive in the browser", () => {
  before(async () => {
    const { site } = env;
    await addAccount(site, "galina", { role: "head" });
    await addAccount(site, "rita", { role: "registrar" });
    seeded.kept = await seedOld(site, "Уничтожаемова", { state: "answered", topic: "soil-survey" });
    seeded.removed = await seedOld(site, "Оставленова", { state: "answered", topic: "laboratory" });
    seeded.permanent = await seedOld(site, "Постоянова", { state: "answered", topic: "other" });
    seeded.corruption = await seedOld(site, "Коррупцинова", {
      state: "answered",
      topic: "corruption-report",
    });
    seeded.open = await seedOld(site, "Открытова", { state: "registered", topic: "laboratory" });
  });

  test("a head makes, edits and approves an act: only the listed, closed «5 лет ЭПК» case goes", async () => {
    const { site, browser } = env;
    const watched = await signedInPage(browser, site, "galina");
    const { page } = watched;
    try {
      // «Постоянно» chosen on the case's page, with a reason: it never comes due.
      await page.goto(`${site.baseUrl}/staff/appeals/${seeded.permanent.id}`);
      const storageTerm = page.getByTestId("storage-term");
      assert.equal(await storageTerm.textContent(), "5 лет ЭПК (по теме обращения)");
      assert.equal(await page.getByTestId("storage-until").textContent(), "хранится до 31.12.2024");
      const storageForm = page.getByRole("form", { name: "Изменить срок хранения" });
      await storageForm.getByLabel("постоянно").check();
      await storageForm.getByLabel("Причина изменения").fill("Предложение о работе учреждения.");
      await storageForm.getByRole("button", { name: "Изменить срок хранения" }).click();
      await storageTerm.getByText("постоянно", { exact: true }).waitFor();
      assert.equal(await page.getByTestId("storage-until").textContent(), "постоянно");

      // The archive from the menu: the due year with the two ordinary cases only.
      await page
        .getByRole("navigation", { name: "Реестр" })
        .getByRole("link", { name: "Архив" })
        .click();
      await page.getByRole("heading", { level: 1, name: "Архив" }).waitFor();
      const year = page.getByRole("table", { name: /закрытые в 2019 году/ });
      const listed = await year.locator("tbody th").allTextContents();
      assert.deepEqual(listed.sort(), [seeded.kept.number, seeded.removed.number].sort());
      await assertAccessible(page);
      await page.getByRole("link", { name: "Дела, закрытые в 2019 году (ZIP)" }).waitFor();
      await page.setViewportSize({ width: 320, height: 640 });
      assert.equal(await sidewaysScroll(page), 0, "archive at 320 px");
      await page.setViewportSize({ width: 1280, height: 720 });

      // «Сформировать акт»: the draft lists both.
      await page
        .getByRole("form", { name: "Сформировать акт за 2019 год" })
        .getByRole("button")
        .click();
      await page.waitForURL(/\/staff\/archive\/acts\/\d+$/);
      const actUrl = page.url();
      await page
        .getByRole("heading", {
          level: 1,
          name: /^Акт № \S+ от \d{2}\.\d{2}\.\d{4} о выделении к уничтожению документов, не подлежащих хранению$/,
        })
        .waitFor();
      const actTable = page.getByRole("table", { name: "Дела, выделенные к уничтожению" });
      assert.equal(await actTable.locator("tbody tr").count(), 2);
      assert.equal(await page.getByTestId("act-count").textContent(), "Итого: 2 дела.");
      await assertAccessible(page);

      // A field refused by the page's own check is named at the field (the browser's check off).
      const approve = page.getByRole("form", { name: "Утвердить акт" });
      await approve.evaluate((form) => form.setAttribute("novalidate", ""));
      await approve.getByRole("button", { name: "Утвердить акт" }).click();
      const number = page.getByLabel("Номер протокола экспертной комиссии");
      await page.locator("#approve-number-error").waitFor();
      assert.equal(await number.getAttribute("aria-invalid"), "true");
      assert.equal(await number.getAttribute("aria-describedby"), "approve-number-error");
      await assertAccessible(page);

      // One case taken off with the commission's reason, from its line.
      await actTable
        .getByRole("row")
        .filter({ hasText: seeded.removed.number })
        .getByRole("link", { name: /Снять с акта/ })
        .click();
      await page.waitForURL(/\?remove=\d+#remove-case$/);
      const remove = page.getByRole("form", { name: "Снять дело с акта" });
      assert.equal(
        await remove.getByLabel("Дело").locator("option:checked").textContent(),
        seeded.removed.number,
      );
      await remove.getByLabel("Причина").fill("Комиссия продлила срок: дело нужно для проверки.");
      await remove.getByRole("button", { name: "Снять с акта" }).click();
      await page.getByText("Дело снято с акта.").waitFor();
      assert.equal(await page.getByTestId("act-count").textContent(), "Итого: 1 дело.");
      await page
        .getByRole("table", { name: "Дела, снятые с акта (хранятся дальше)" })
        .getByText("Комиссия продлила срок: дело нужно для проверки.")
        .waitFor();

      // Approved with the protocol typed in: the one left on the act is destroyed.
      const protocolDay = (await page.getByLabel("Дата протокола").getAttribute("max")) ?? "";
      await page.getByLabel("Номер протокола экспертной комиссии").fill("7");
      await page.getByLabel("Дата протокола").fill(protocolDay);
      await page.getByRole("button", { name: "Утвердить акт" }).click();
      await page.getByText("Акт утверждён, дела из него уничтожены.").waitFor();
      assert.equal(await page.getByTestId("act-destroyed").textContent(), "1 дело");
      assert.equal(await page.locator(".staff-page form").count(), 0, "no form on an approved act");
      const rows = await actTable.locator("tbody tr").allTextContents();
      assert.equal(rows.length, 1);
      assert.ok(rows[0]?.includes(seeded.kept.number), rows[0]);
      const actText = (await page.locator("main").textContent()) ?? "";
      for (const appeal of Object.values(seeded)) {
        assert.ok(
          !actText.includes(appeal.lastName),
          `no citizen's name on the act: ${appeal.lastName}`,
        );
      }
      await assertAccessible(page);

      // 320 px: no sideways scroll (the table scrolls in its own region).
      await page.setViewportSize({ width: 320, height: 640 });
      assert.equal(await sidewaysScroll(page), 0, "act at 320 px");

      // On paper: A4, the act alone (no staff header, menu or form), every column within the sheet.
      await page.setViewportSize({ width: 794, height: 1123 });
      await page.emulateMedia({ media: "print" });
      for (const selector of ["header", "nav", "form", "button", ".archive-no-print"]) {
        const visible = await page
          .locator(selector)
          .evaluateAll(
            (elements) =>
              elements.filter((element) => (element as HTMLElement).checkVisibility()).length,
          );
        assert.equal(visible, 0, `no ${selector} on paper`);
      }
      assert.ok(await actTable.isVisible());
      assert.equal(await sidewaysScroll(page), 0, "the act fits the sheet");
      const pdf = await page.pdf({ format: "A4", printBackground: false, preferCSSPageSize: true });
      assert.equal(pdf.subarray(0, 5).toString(), "%PDF-");
      await page.emulateMedia({ media: "screen" });

      // The destroyed case answers 404; the one taken off and the never-listed ones stay.
      const gone = await page.goto(`${site.baseUrl}/staff/appeals/${seeded.kept.id}`);
      assert.equal(gone?.status(), 404);
      for (const appeal of [seeded.removed, seeded.permanent, seeded.corruption, seeded.open]) {
        const response = await page.goto(`${site.baseUrl}/staff/appeals/${appeal.id}`);
        assert.equal(response?.status(), 200, appeal.lastName);
      }
      // The one taken off is due again; the act is listed as approved.
      await page.goto(`${site.baseUrl}/staff/archive`);
      const dueAgain = await page
        .getByRole("table", { name: /закрытые в 2019 году/ })
        .locator("tbody tr")
        .allTextContents();
      assert.equal(dueAgain.length, 1);
      assert.ok(dueAgain[0]?.includes(seeded.removed.number), dueAgain[0]);
      const actRow = page
        .getByRole("table", { name: "Акты о выделении к уничтожению" })
        .getByRole("row")
        .filter({ has: page.locator(`a[href="${new URL(actUrl).pathname}"]`) });
      await actRow.getByText("Утверждён").waitFor();
      // The two refusals this test asked for: the page's own check (400) and the destroyed case.
      assert.deepEqual(watched.consoleErrors, [
        "Failed to load resource: the server responded with a status of 400 (Bad Request)",
        "Failed to load resource: the server responded with a status of 404 (Not Found)",
      ]);
    } finally {
      await watched.close();
    }
  });

  test("a registrar has no «Архив»: no menu link, 404 at the archive and at an act", async () => {
    const { site, browser } = env;
    const watched = await signedInPage(browser, site, "rita");
    const { page } = watched;
    try {
      assert.equal(
        await page
          .getByRole("navigation", { name: "Реестр" })
          .getByRole("link", { name: "Архив" })
          .count(),
        0,
      );
      for (const path of ["/staff/archive", "/staff/archive/acts/1"]) {
        const response = await page.goto(`${site.baseUrl}${path}`);
        assert.equal(response?.status(), 404, path);
        await page.getByRole("heading", { level: 1, name: "Страница не найдена" }).waitFor();
      }
      // The registrar may change a term too, but gets no case download (a head's).
      await page.goto(`${site.baseUrl}/staff/appeals/${seeded.open.id}`);
      await page.getByRole("form", { name: "Изменить срок хранения" }).waitFor();
      assert.equal(await page.getByTestId("storage-until").textContent(), "дело не закрыто");
      assert.equal(await page.getByRole("link", { name: "Скачать дело (ZIP)" }).count(), 0);
    } finally {
      await watched.close();
    }
  });
});
