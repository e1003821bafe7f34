// The staff registry in Chromium: an appeal sent through the public API is seen with its terms,
// registered, extended, answered (the answer written and sent from its page), forwarded or left
// without answer; the CSV export is downloaded and read; a citizen's <script> stays text
// everywhere; no page runs a script.
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { answerDue, noticeDue, registrationDue } from "../../domain/appeals/legal-terms.ts";
import { formatRussianDate } from "../../domain/calendar/calendar-day.ts";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import { downloadedBytes, siteAndBrowserForTests } from "./harness.ts";
import {
  addAccount,
  assertAccessible,
  assertNoScripts,
  signedInPage,
  submitAppeal,
} from "./staff-pages.ts";

const scriptComment = '<script>window.__pwned = 1</script> =1+2 "кавычки"';

describe("staff registry in the browser", () => {
  const env = siteAndBrowserForTests();
  before(async () => {
    await addAccount(env.site, "anna");
  });

  test("a fresh appeal is listed with its registration term, then registered, extended and answered", async () => {
    const appeal = await submitAppeal(env.site, { comment: scriptComment });
    const { page, consoleErrors, close } = await signedInPage(env.browser, env.site, "anna");
    let dialogs = 0;
    page.on("dialog", (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    try {
      await assertNoScripts(page);
      await assertAccessible(page);
      const row = page.getByRole("row").filter({ hasText: appeal.number });
      const due = formatRussianDate(registrationDue(new Date()));
      await row.getByText(`Регистрация: до ${due}`).waitFor();
      assert.equal(await row.getByRole("cell").last().textContent(), scriptComment);

      await row.getByRole("link", { name: appeal.number }).click();
      await page.getByRole("heading", { name: `Обращение ${appeal.number}` }).waitFor();
      await assertNoScripts(page);
      assert.equal(await page.getByTestId("appeal-comment").textContent(), scriptComment);
      await assertAccessible(page);
      assert.equal(await page.evaluate(() => "__pwned" in window), false);

      const today = kirovIsoDate(new Date());
      await page.getByRole("form", { name: "Зарегистрировать" }).getByRole("button").click();
      await page.getByTestId("appeal-state").getByText("Зарегистрировано").waitFor();
      await page.getByText(`Ответ: до ${formatRussianDate(answerDue(today))}`).waitFor();

      const extend = page.getByRole("form", { name: "Продлить срок ответа" });
      await extend.getByLabel("Причина продления").fill("Запрошены сведения в министерстве");
      await extend.getByRole("button").click();
      await page.getByText(`Ответ: до ${formatRussianDate(answerDue(today, 30))}`).waitFor();
      assert.equal(await page.getByRole("form", { name: "Продлить срок ответа" }).count(), 0);

      const answer = page.getByRole("form", { name: "Ответ гражданину" });
      await answer.getByLabel("Текст ответа").fill("Обследование назначено на май.");
      await answer.getByRole("button", { name: "Отправить ответ" }).click();
      await page.getByTestId("appeal-state").getByText("Дан ответ").waitFor();
      await page.getByText("Сроки не текут.").waitFor();
      const log = page.getByRole("table").last();
      for (const action of ["Зарегистрировать", "Продлить срок ответа", "Отправить ответ"]) {
        await log
          .getByRole("row")
          .filter({ hasText: action })
          .filter({ hasText: "anna" })
          .waitFor();
      }
      await log.getByText("Запрошены сведения в министерстве", { exact: false }).waitFor();
      await assertNoScripts(page);
      assert.equal(dialogs, 0);
      assert.deepEqual(consoleErrors, []);
    } finally {
      await close();
    }
  });

  test("one appeal forwarded, another left without answer on a legal ground", async () => {
    const forwarded = await submitAppeal(env.site, { last_name: "Перенаправленная" });
    const unclear = await submitAppeal(env.site, { last_name: "Неясная" });
    const { page, close } = await signedInPage(env.browser, env.site, "anna");
    try {
      await page.goto(`${env.site.baseUrl}/staff/appeals/${forwarded.id}`);
      await page.getByRole("form", { name: "Зарегистрировать" }).getByRole("button").click();
      const forward = page.getByRole("form", { name: "Перенаправить" });
      await forward
        .getByLabel("Куда перенаправлено")
        .fill("Министерство сельского хозяйства Кировской области");
      await forward.getByRole("button").click();
      await page.getByTestId("appeal-state").getByText("Перенаправлено").waitFor();
      await page
        .locator("dd")
        .filter({ hasText: "Министерство сельского хозяйства Кировской области," })
        .waitFor();

      await page.goto(`${env.site.baseUrl}/staff/appeals/${unclear.id}`);
      await page.getByRole("form", { name: "Зарегистрировать" }).getByRole("button").click();
      const leave = page.getByRole("form", { name: "Оставить без ответа" });
      await leave.getByLabel("Невозможно определить суть обращения").check();
      await leave.getByRole("button").click();
      await page.getByTestId("appeal-state").getByText("Оставлено без ответа").waitFor();
      const notice = formatRussianDate(noticeDue(kirovIsoDate(new Date())));
      await page.getByText(`Уведомление автора: до ${notice}`).waitFor();

      await page.goto(`${env.site.baseUrl}/staff?state=without_answer`);
      await page.getByRole("row").filter({ hasText: unclear.number }).waitFor();
      assert.equal(await page.getByRole("row").filter({ hasText: forwarded.number }).count(), 0);
    } finally {
      await close();
    }
  });

  test("the CSV export downloads: BOM, ';', a '=' value neutralised, <script> as text", async () => {
    await submitAppeal(env.site, {
      last_name: "Формулова",
      comment: `=HYPERLINK("x") ${scriptComment}`,
    });
    const { page, close } = await signedInPage(env.browser, env.site, "anna");
    try {
      await page.getByLabel("Номер, фамилия или e-mail").fill("Формулова");
      await page.getByRole("button", { name: "Показать" }).click();
      await page.getByRole("row").filter({ hasText: "Формулова" }).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Выгрузить в CSV" }).click(),
      ]);
      assert.match(download.suggestedFilename(), /^appeals-\d{4}-\d{2}-\d{2}\.csv$/);
      const bytes = await downloadedBytes(download);
      assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], "UTF-8 BOM");
      const lines = bytes.subarray(3).toString("utf8").trimEnd().split("\r\n");
      assert.equal(lines.length, 2, "the header and the one filtered appeal");
      assert.equal(lines[0]?.split(";")[0], "Номер");
      assert.ok(lines[1]?.includes(";Формулова;"));
      assert.ok(
        lines[1]?.includes(`"'=HYPERLINK(""x"") <script>window.__pwned = 1</script>`),
        lines[1],
      );
    } finally {
      await close();
    }
  });
});
