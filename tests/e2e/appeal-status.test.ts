// The citizen's status page (/appeals/status) through the real server build: by number and
// e-mail, the state and dates only; one answer for an unknown number and a wrong e-mail; counted
// per address; never cached or indexed; in Chromium without JavaScript, accessible and clean.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { statusMessages } from "../../domain/appeals/appeal-status.ts";
import { formatRussianDate } from "../../domain/calendar/calendar-day.ts";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import { statusLookupLimits } from "../../server/appeals/status-lookup-guard.ts";
import { storeAppealIn } from "../support/staff-fixtures.ts";
import {
  decodeHtml,
  type StaffTestApp,
  startStaffTestApp,
  textOf,
} from "../support/staff-test-app.ts";
import { type TestDatabase, testDatabaseKinds } from "../support/test-databases.ts";
import { openPage, siteAndBrowserForTests } from "./harness.ts";
import { assertAccessible, submitAppeal } from "./staff-pages.ts";

const email = "Anna@Example.ru";

/** The lookup's answer: the result section or the message, as text. */
function answerOf(html: string): string {
  const found = /<section[^>]*class="appeal-status"[\s\S]*?<\/section>/.exec(html)?.[0];
  const problem = /<p[^>]*role="alert"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1];
  return textOf(found ?? problem ?? "");
}

for (const kind of testDatabaseKinds) {
  describe(`status page on ${kind.name}`, () => {
    let database: TestDatabase;
    let site: StaffTestApp;
    let number: string;
    let id: string;
    before(async () => {
      database = await kind.create();
      site = await startStaffTestApp({ databaseUrl: database.url });
      ({ id, number } = await storeAppealIn(site.data, new Date(), undefined, {
        email,
        comment: "Секретный текст обращения",
        phone: "+7 912 000-11-22",
      }));
    });
    after(async () => {
      await site?.close();
      await database?.drop();
    });

    const lookUp = (
      fields: Record<string, string>,
      on: StaffTestApp = site,
      remoteAddress = "127.0.0.1",
    ) =>
      on.app.inject({
        method: "POST",
        remoteAddress,
        url: "/appeals/status",
        headers: {
          host: "localhost:8000",
          origin: "http://localhost:8000",
          "content-type": "application/x-www-form-urlencoded",
        },
        payload: new URLSearchParams(fields).toString(),
      });

    test("the acknowledgement's link fills the number in; the page is never cached or indexed", async () => {
      const page = await site.app.inject({
        url: `/appeals/status?number=${encodeURIComponent(number)}`,
        headers: { host: "localhost:8000" },
      });
      assert.equal(page.statusCode, 200);
      assert.equal(page.headers["cache-control"], "no-store");
      assert.equal(page.headers["x-robots-tag"], "noindex, nofollow");
      assert.match(page.body, /<meta name="robots" content="noindex, nofollow"/);
      assert.match(page.body, /<h1>Состояние обращения<\/h1>/);
      const numberInput = /<input[^>]*name="number"[^>]*>/.exec(page.body)?.[0] ?? "";
      assert.equal(decodeHtml(/value="([^"]*)"/.exec(numberInput)?.[1] ?? ""), number);
    });

    test("number and e-mail (any case, the number as typed): state and dates, nothing else", async () => {
      const typed = number.replace("А-", "a ").replace(/-0+/, " ");
      const response = await lookUp({ number: typed, email: email.toLowerCase() });
      assert.equal(response.statusCode, 200, response.body);
      const answer = answerOf(response.body);
      assert.match(answer, new RegExp(`Обращение № ${number}`));
      assert.match(answer, /Состояние\s*Новое/);
      assert.match(answer, /ещё не зарегистрировано/);
      for (const secret of ["Секретный", "Анна", "Иванова", "000-11-22", "Кировская"]) {
        assert.ok(!response.body.includes(secret), `the page shows ${secret}`);
      }
    });

    test("after registration and the answer: the answer term, then the day the answer was sent", async () => {
      const today = kirovIsoDate(new Date());
      await site.data.transaction((tx) =>
        site.data.appeals.change(
          id,
          { version: 0, state: "new" },
          { state: "registered", registered_on: today },
          tx,
        ),
      );
      const registered = answerOf((await lookUp({ number, email })).body);
      assert.match(registered, /Состояние\s*Зарегистрировано/);
      assert.match(registered, new RegExp(`Зарегистрировано\\s*${formatRussianDate(today)}`));
      assert.match(registered, /Срок ответа\s*не позднее \d\d\.\d\d\.\d{4}/);

      await site.data.transaction((tx) =>
        site.data.appeals.change(
          id,
          { version: 1, state: "registered" },
          { state: "answered", answered_on: today },
          tx,
        ),
      );
      const answered = answerOf((await lookUp({ number, email })).body);
      assert.match(answered, /Состояние\s*Дан ответ/);
      assert.match(answered, new RegExp(`Ответ отправлен\\s*${formatRussianDate(today)}`));
      assert.doesNotMatch(answered, /Срок ответа/);
    });

    test("a wrong e-mail and an unknown number get the same answer", async () => {
      const wrongEmail = await lookUp({ number, email: "someone@example.ru" });
      const unknownNumber = await lookUp({ number: "А-2026-999999", email });
      assert.equal(wrongEmail.statusCode, 200);
      assert.equal(unknownNumber.statusCode, 200);
      assert.equal(answerOf(wrongEmail.body), statusMessages.notFound);
      assert.equal(answerOf(unknownNumber.body), answerOf(wrongEmail.body));
    });

    test("what is not a number or an address is told, field by field", async () => {
      const response = await lookUp({ number: "12345", email: "" });
      assert.equal(response.statusCode, 400);
      const text = decodeHtml(response.body);
      assert.ok(text.includes(statusMessages.numberFormat));
      assert.ok(text.includes(statusMessages.emailRequired));
      assert.match(response.body, /aria-invalid="true"/);
    });

    const perClient = statusLookupLimits.perClient.perMinute;
    test(`at most ${perClient} lookups a minute from one address`, async () => {
      // A server of its own: its count starts at zero.
      const fresh = await startStaffTestApp({ databaseUrl: database.url });
      try {
        const statuses: number[] = [];
        for (let index = 0; index <= perClient; index += 1) {
          const response = await lookUp({ number, email }, fresh);
          statuses.push(response.statusCode);
          if (response.statusCode === 429) {
            assert.equal(answerOf(response.body), statusMessages.rateLimited);
          }
        }
        assert.deepEqual(statuses, [...Array(perClient).fill(200), 429]);
      } finally {
        await fresh.close();
      }
    });

    test("90 guesses of sequential numbers from 9 addresses for one e-mail: the appeal is not found, and the refusal says nothing of the number", async () => {
      // On PostgreSQL two servers of one site, as behind nginx, sharing the counts; SQLite's
      // site is one process.
      const start = () =>
        startStaffTestApp({ databaseUrl: database.url, sharedStatusLookups: true });
      const servers = kind.name === "PostgreSQL" ? [await start(), await start()] : [await start()];
      try {
        // Down from 89 above the appeal's to the appeal's own number, the last guess.
        const sequence = Number(number.slice(-6));
        const guesses = Array.from(
          { length: 90 },
          (_, index) => `${number.slice(0, -6)}${String(sequence + 89 - index).padStart(6, "0")}`,
        );
        const answers: string[] = [];
        for (const [index, guess] of guesses.entries()) {
          const address = `203.0.113.${1 + Math.floor(index / 10)}`;
          const server = servers[index % servers.length] ?? site;
          // The address in another spelling each time: one mailbox however it is written.
          const spelling = index % 2 === 0 ? email.toUpperCase() : email.toLowerCase();
          const response = await lookUp({ number: guess, email: spelling }, server, address);
          answers.push(response.statusCode === 429 ? answerOf(response.body) : "answered");
          if (guess === number) {
            assert.equal(response.statusCode, 429, "the right number, found after the guesses");
          }
        }
        const answered = answers.filter((answer) => answer === "answered").length;
        assert.ok(answered <= statusLookupLimits.failedPerEmail.perMinute, `${answered} answered`);
        assert.ok(answers.includes(statusMessages.emailRateLimited));
        // The right number and a number that does not exist get the same refusal.
        const right = await lookUp({ number, email }, servers[0], "203.0.113.77");
        const none = await lookUp(
          { number: "А-2026-999998", email },
          servers.at(-1),
          "203.0.113.78",
        );
        assert.equal(right.statusCode, 429);
        assert.equal(answerOf(right.body), answerOf(none.body));
        // Another person's lookups are not held up by it.
        const other = await lookUp(
          { number, email: "other@example.ru" },
          servers[0],
          "203.0.113.79",
        );
        assert.equal(other.statusCode, 200);
      } finally {
        for (const server of servers) await server.close();
      }
    });

    test("the lookups that find nothing are bounded in all, whatever the e-mails and addresses", async () => {
      const fresh = await startStaffTestApp({ databaseUrl: database.url });
      try {
        const limit = statusLookupLimits.failedInAll.perMinute;
        const statuses: number[] = [];
        for (let index = 0; index <= limit; index += 1) {
          const response = await lookUp(
            { number, email: `person${index}@example.ru` },
            fresh,
            `198.51.100.${1 + index}`,
          );
          statuses.push(response.statusCode);
          if (response.statusCode === 429) {
            assert.equal(answerOf(response.body), statusMessages.allRateLimited);
          }
        }
        assert.deepEqual(statuses, [...Array(limit).fill(200), 429]);
      } finally {
        await fresh.close();
      }
    });

    test("a citizen's own lookups that find the appeal count against no e-mail limit", async () => {
      const fresh = await startStaffTestApp({ databaseUrl: database.url });
      try {
        for (let index = 0; index < statusLookupLimits.failedPerEmail.perDay + 2; index += 1) {
          const response = await lookUp({ number, email }, fresh, `192.0.2.${1 + index}`);
          assert.equal(response.statusCode, 200);
          assert.match(answerOf(response.body), new RegExp(`Обращение № ${number}`));
        }
      } finally {
        await fresh.close();
      }
    });
  });
}

describe("status page in Chromium", () => {
  const env = siteAndBrowserForTests();

  /** Looks the appeal up the way a visitor does: from /appeals, through the form. */
  async function lookUpInBrowser(page: Page, number: string, email: string) {
    await page.goto(`${env.site.baseUrl}/appeals`);
    await page.getByRole("link", { name: "Узнать его состояние" }).click();
    await page.getByRole("heading", { name: "Состояние обращения", level: 1 }).waitFor();
    await page.getByLabel("Номер обращения").fill(number);
    await page.getByLabel("Адрес электронной почты").fill(email);
    await page.getByRole("button", { name: "Узнать состояние" }).click();
  }

  test("without JavaScript: linked from /appeals, the form answers with the state or the one refusal", async () => {
    const appeal = await submitAppeal(env.site, { email: "citizen@example.ru" });
    const { page, consoleErrors, close } = await openPage(env.browser, {
      javaScriptEnabled: false,
    });
    try {
      await lookUpInBrowser(page, appeal.number, "citizen@example.ru");
      await page.getByRole("heading", { name: `Обращение № ${appeal.number}` }).waitFor();
      assert.equal(await page.getByTestId("status-state").textContent(), "Новое");
      await page.getByLabel("Адрес электронной почты").fill("other@example.ru");
      await page.getByRole("button", { name: "Узнать состояние" }).click();
      await page.getByText(statusMessages.notFound).waitFor();
      assert.deepEqual(consoleErrors, []);
    } finally {
      await close();
    }
  });

  test("accessible (axe), no script file, no console error: the form, the answer, the refusal", async () => {
    const appeal = await submitAppeal(env.site, { email: "citizen@example.ru" });
    const { page, consoleErrors, close } = await openPage(env.browser);
    try {
      await page.goto(`${env.site.baseUrl}/appeals/status`);
      // The site's own inline blocks only: no script file, no React Router runtime.
      assert.equal(await page.locator("script[src]").count(), 0);
      await assertAccessible(page);
      await lookUpInBrowser(page, appeal.number, "citizen@example.ru");
      await page.getByRole("heading", { name: `Обращение № ${appeal.number}` }).waitFor();
      await assertAccessible(page);
      await lookUpInBrowser(page, appeal.number, "other@example.ru");
      await page.getByText(statusMessages.notFound).waitFor();
      await assertAccessible(page);
      assert.deepEqual(consoleErrors, []);
    } finally {
      await close();
    }
  });
});
