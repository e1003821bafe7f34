// An executor's forward in Chromium: a head registers the appeal and assigns it; the executor
// drafts the forward and the citizen gets nothing; the head sees it «на согласовании» and returns
// it with a comment; the executor sees the comment, the form starting from the draft, and revises;
// the head approves: the appeal is forwarded and the citizen's notice arrives, naming the body of
// the revised draft. The head finds it from the list's filter «Ждут согласования». axe finds
// nothing on the pages that show the draft.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser } from "playwright-core";
import {
  createTestSmtpServer,
  type TestSmtpServer,
  testMailConfig,
} from "../support/test-smtp-server.ts";
import { launchBrowser, type RunningSite, startSite } from "./harness.ts";
import { addAccount, assertAccessible, signedInPage, submitAppeal } from "./staff-pages.ts";

const citizen = "citizen@example.ru";
const firstBody = "Министерство сельского хозяйства";
const revisedBody = "Министерство сельского хозяйства и продовольствия Кировской области";

describe("an executor's notice in the browser", () => {
  let smtp: TestSmtpServer;
  let site: RunningSite;
  let browser: Browser;
  before(async () => {
    smtp = await createTestSmtpServer({ onlyTo: [citizen] });
    site = await startSite({ mail: testMailConfig(smtp) });
    browser = await launchBrowser();
    await addAccount(site, "ivan", { role: "executor" });
    await addAccount(site, "galina", { role: "head" });
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    await smtp?.stop();
  });

  test("draft, return, revise, approve: only then is the appeal forwarded and the citizen told", async () => {
    const appeal = await submitAppeal(site, { email: citizen });
    const appealPage = `${site.baseUrl}/staff/appeals/${appeal.id}`;
    const noticeSubject = `Обращение № ${appeal.number} направлено по компетенции`;
    // The acknowledgement arrives: the mail sender is working, so a missing notice means none.
    const [acknowledgement] = await smtp.waitForMail(1);
    assert.equal(acknowledgement?.subject, `Обращение № ${appeal.number} получено`);

    const assigning = await signedInPage(browser, site, "galina");
    try {
      const { page } = assigning;
      await page.goto(appealPage);
      await page.getByRole("form", { name: "Зарегистрировать" }).getByRole("button").click();
      await page.getByTestId("appeal-state").getByText("Зарегистрировано").waitFor();
      const assign = page.getByRole("form", { name: "Назначить исполнителя" });
      await assign.getByLabel("Исполнитель").selectOption("ivan");
      await assign.getByRole("button").click();
      await page.getByTestId("assignee").getByText("ivan").waitFor();
    } finally {
      await assigning.close();
    }

    const drafting = await signedInPage(browser, site, "ivan");
    try {
      const { page } = drafting;
      await page.goto(appealPage);
      const forward = page.getByRole("form", { name: "Перенаправить" });
      await forward.getByLabel("Куда перенаправлено (орган, организация)").fill(firstBody);
      await forward.getByRole("button", { name: "Передать на согласование" }).click();
      await page
        .getByRole("heading", { name: "Перенаправление обращения: на согласовании" })
        .waitFor();
      await page.getByTestId("appeal-state").getByText("Зарегистрировано").waitFor();
      assert.equal(await page.getByRole("form", { name: "Перенаправить" }).count(), 0);
      await assertAccessible(page);
      assert.deepEqual(drafting.consoleErrors, []);
    } finally {
      await drafting.close();
    }
    // No mail is queued (a mail leaves only from the outbox), so none can arrive: nothing to wait for.
    assert.deepEqual(await site.data.deliveries.ofAppeal(appeal.id, ["appeal-notice"]), []);
    assert.equal(
      smtp.received.filter((mail) => mail.subject === noticeSubject).length,
      0,
      "nothing reaches the citizen before approval",
    );

    const returning = await signedInPage(browser, site, "galina");
    try {
      const { page } = returning;
      // The head finds it from the list: ticks «Ждут согласования», sees the mark in words.
      await page.goto(`${site.baseUrl}/staff`);
      await page.getByLabel("Ждут согласования").check();
      await page.getByRole("button", { name: "Показать" }).click();
      await page.waitForURL(/[?&]approval=awaiting/);
      const row = page.getByRole("row").filter({ hasText: appeal.number });
      await row.getByText("На согласовании").waitFor();
      assert.equal(await page.getByRole("row").count(), 2, "the header and the one waiting");
      await assertAccessible(page);
      await row.getByRole("link", { name: appeal.number }).click();
      await page.waitForURL(appealPage);
      const draft = page.getByTestId("notice-draft");
      await draft
        .getByRole("heading", { name: "Перенаправление обращения: на согласовании" })
        .waitFor();
      await draft
        .getByTestId("notice-draft-details")
        .getByText(firstBody, { exact: false })
        .waitFor();
      await assertAccessible(page);
      const back = page.getByRole("form", { name: "Вернуть проект действия на доработку" });
      await back.getByLabel("Что доработать").fill("Укажите полное название министерства.");
      await back.getByRole("button").click();
      await page
        .getByRole("heading", { name: "Перенаправление обращения: на доработку" })
        .waitFor();
      assert.deepEqual(returning.consoleErrors, []);
    } finally {
      await returning.close();
    }

    const revising = await signedInPage(browser, site, "ivan");
    try {
      const { page } = revising;
      await page.goto(appealPage);
      await page
        .getByTestId("notice-review-comment")
        .getByText("galina: Укажите полное название министерства.")
        .waitFor();
      await assertAccessible(page);
      const forward = page.getByRole("form", { name: "Перенаправить" });
      const body = forward.getByLabel("Куда перенаправлено (орган, организация)");
      assert.equal(await body.inputValue(), firstBody, "the form starts from the draft");
      await body.fill(revisedBody);
      await forward.getByRole("button", { name: "Передать на согласование" }).click();
      await page
        .getByRole("heading", { name: "Перенаправление обращения: на согласовании" })
        .waitFor();
    } finally {
      await revising.close();
    }

    const approving = await signedInPage(browser, site, "galina");
    try {
      const { page } = approving;
      await page.goto(appealPage);
      await page
        .getByTestId("notice-draft-details")
        .getByText(revisedBody, { exact: false })
        .waitFor();
      await page
        .getByRole("form", { name: "Утвердить проект действия" })
        .getByRole("button", { name: "Утвердить и выполнить" })
        .click();
      await page.getByTestId("appeal-state").getByText("Перенаправлено").waitFor();
      assert.equal(await page.getByTestId("notice-draft").count(), 0);
      await assertAccessible(page);
      assert.deepEqual(approving.consoleErrors, []);
    } finally {
      await approving.close();
    }

    const notice = (await smtp.waitForMail(2))[1];
    assert.equal(notice?.subject, noticeSubject);
    assert.deepEqual(notice?.envelopeTo, [citizen]);
    assert.ok(notice?.text?.includes(revisedBody), "the notice names the revised body");
    const stored = await site.data.appeals.findInRegistry(appeal.id);
    assert.deepEqual([stored?.state, stored?.forwarded_to], ["forwarded", revisedBody]);
  });
});
