// The site's notices and review dates (issue 43), on both stores, over HTTP through the real
// server build with a real SMTP server: an editor's submission mails the head who approves at
// once, exactly once, and nobody else (not the editor, not a head without an e-mail or disabled,
// not the head who chose the daily digest); a return mails the editor the head's comment; an
// approval mails the editor, not the head; the digest job (its clock injected) mails the digest's
// head once a day. A page past «Проверить до» is listed on /staff/site, and «Проверено, без
// изменений» takes it off, audited; the monthly job mails the editors the pages past their day.
// Needs the build.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { defaultVacancies } from "../../content/vacancies.ts";
import { formatRussianDate } from "../../domain/calendar/calendar-day.ts";
import { kirovInputsOf } from "../../domain/site-content/publish-schedule.ts";
import {
  vacancyFieldName,
  vacancyFormFields,
  vacancyFormValues,
} from "../../domain/site-content/vacancies-form.ts";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import type { DataLayer } from "../../server/db/data-layer.ts";
import { createReviewDates } from "../../server/site-content/review-dates.ts";
import { createReviewReminder } from "../../server/site-content/review-reminder.ts";
import { createSiteApprovalDigest } from "../../server/site-content/site-approval-digest.ts";
import { approvalFields } from "../support/site-review-form.ts";
import { testPasswordHash } from "../support/staff-fixtures.ts";
import { StaffHttpBrowser } from "../support/staff-http.ts";
import { decodeHtml } from "../support/staff-test-app.ts";
import { type TestDatabase, testDatabaseKinds } from "../support/test-databases.ts";
import { silentLog } from "../support/test-delivery-sender.ts";
import {
  createTestSmtpServer,
  type ReceivedMail,
  type TestSmtpServer,
  testMailConfig,
} from "../support/test-smtp-server.ts";
import { type RunningSite, startSite } from "./harness.ts";

const password = "correct horse battery staple";

/** The editor's form as the page fills it, with one salary changed. */
const editorForm = (intent: string, salary: string) => ({
  ...vacancyFormFields(vacancyFormValues(defaultVacancies)),
  intent,
  [vacancyFieldName(0, "salary")]: salary,
});

/**
 * 09:00 in Kirov on a day before the real one: the jobs' injected clock (their mails are due at
 * once, and the app's own run of the real day is another day's).
 */
const jobMoment = new Date("2026-03-02T06:00:00Z");

/** A page's HTML as text to match: entities decoded, React's markers between text nodes gone. */
const readable = (html: string) => decodeHtml(html).replaceAll("<!-- -->", "");

/** Waits until the outbox has nothing pending: every mail written so far was handed to SMTP. */
async function outboxEmptied(data: DataLayer) {
  for (let tries = 0; tries < 400; tries += 1) {
    const backlog = Object.values(await data.deliveries.backlog());
    if (backlog.every((kind) => kind.pending === 0)) return;
    await sleep(25);
  }
  assert.fail("the outbox did not empty in 10 s");
}

const to = (mail: ReceivedMail) => mail.envelopeTo.join(",");

for (const kind of testDatabaseKinds) {
  describe(`site notices and review dates on ${kind.name}`, { concurrency: false }, () => {
    let database: TestDatabase;
    let smtp: TestSmtpServer;
    let site: RunningSite;
    let elena: StaffHttpBrowser;
    let hanna: StaffHttpBrowser;
    /** The mails that arrived since the last call. */
    let seen = 0;
    const newMails = async () => {
      await outboxEmptied(site.data);
      const mails = smtp.received.slice(seen);
      seen = smtp.received.length;
      return mails;
    };

    before(async () => {
      database = await kind.create();
      smtp = await createTestSmtpServer();
      site = await startSite({
        databaseUrl: database.url,
        contentApproval: true,
        mail: testMailConfig(smtp),
      });
      const hash = await testPasswordHash(password);
      const accounts = [
        ["elena", "editor", "elena@example.ru"],
        ["hanna", "head", "hanna@example.ru"],
        ["herman", "head", "herman@example.ru"],
        ["hugo", "head", null],
        ["helga", "head", "helga@example.ru"],
      ] as const;
      for (const [login, role, email] of accounts) {
        await site.data.staffAccounts.addUser(login, hash, new Date(), { role, email });
      }
      await site.data.staffAccounts.disableUser("helga", new Date());
      elena = new StaffHttpBrowser(site.baseUrl);
      await elena.signIn("elena", password);
      hanna = new StaffHttpBrowser(site.baseUrl);
      await hanna.signIn("hanna", password);
    });
    after(async () => {
      await site?.close();
      await smtp?.stop();
      await database?.drop();
    });

    test("a head chooses the daily digest on their own account page", async () => {
      const herman = new StaffHttpBrowser(site.baseUrl);
      await herman.signIn("herman", password);
      const page = decodeHtml((await herman.get("/staff/account")).html);
      assert.match(page, /<legend>Уведомления о страницах на согласовании<\/legend>/);
      assert.match(page, /checked="" value="immediate"\/>сразу/);
      const refused = await herman.post("/staff/account", { "site-notices": "weekly" });
      assert.equal(refused.status, 400);
      const chosen = await herman.post("/staff/account", { "site-notices": "daily" });
      assert.equal(chosen.status, 303);
      assert.match(
        decodeHtml((await herman.get("/staff/account?done=saved")).html),
        /checked="" value="daily"\/>раз в день/,
      );
      assert.equal(await site.data.siteNotices.choiceOf("herman"), "daily");
      assert.doesNotMatch(
        decodeHtml((await elena.get("/staff/account")).html),
        /Уведомления о страницах/,
        "an editor approves nothing: no such choice",
      );
      await newMails();
    });

    test("a submission: exactly one mail, to the head who hears at once", async () => {
      await elena.get("/staff/site/vacancies");
      const submitted = await elena.post("/staff/site/vacancies", editorForm("publish", "51000"));
      assert.equal(submitted.status, 303);
      const mails = await newMails();
      assert.deepEqual(mails.map(to), ["hanna@example.ru"]);
      const [mail] = mails;
      assert.equal(mail?.subject, "На согласовании: страница «Вакансии»");
      assert.match(mail?.text ?? "", /передана на согласование \(редактор: elena\)/);
      assert.match(mail?.text ?? "", /\/staff\/site\/vacancies\n/);
    });

    test("a return: the editor's mail holds the comment; the head gets none", async () => {
      const review = approvalFields((await hanna.get("/staff/site/vacancies")).html);
      const comment = "Зарплату — по штатному расписанию, «до вычета НДФЛ».";
      const returned = await hanna.post("/staff/site/vacancies", {
        intent: "return",
        edition: review.edition,
        comment,
      });
      assert.equal(returned.status, 303);
      const mails = await newMails();
      assert.deepEqual(mails.map(to), ["elena@example.ru"]);
      assert.equal(mails[0]?.subject, "Возвращено на доработку: страница «Вакансии»");
      assert.ok(mails[0]?.text?.includes(`Что доработать: ${comment}`));
      assert.ok(decodeHtml(mails[0]?.html ?? "").includes(comment));
    });

    test("an approval: exactly one mail, to the editor, none to the head", async () => {
      await elena.get("/staff/site/vacancies");
      await elena.post("/staff/site/vacancies", editorForm("publish", "52000"));
      assert.deepEqual((await newMails()).map(to), ["hanna@example.ru"]);
      const review = approvalFields((await hanna.get("/staff/site/vacancies")).html);
      const approved = await hanna.post("/staff/site/vacancies", { intent: "approve", ...review });
      assert.equal(approved.status, 303);
      const mails = await newMails();
      assert.deepEqual(mails.map(to), ["elena@example.ru"]);
      assert.equal(mails[0]?.subject, "Опубликовано: страница «Вакансии»");
      assert.match(mails[0]?.text ?? "", /согласована и опубликована \(руководитель: hanna\)/);
    });

    test("the digest's head: no mail at once, one digest from the day's job", async () => {
      await elena.get("/staff/site/vacancies");
      await elena.post("/staff/site/vacancies", editorForm("publish", "53000"));
      assert.deepEqual((await newMails()).map(to), ["hanna@example.ru"], "not herman");
      const digest = createSiteApprovalDigest({
        data: site.data,
        time: "08:00",
        log: silentLog,
        now: () => jobMoment,
      });
      assert.equal(await digest.runOnce(), "ran");
      assert.equal(await digest.runOnce(), "done", "once a day");
      const mails = await newMails();
      assert.deepEqual(mails.map(to), ["herman@example.ru"]);
      assert.equal(
        mails[0]?.subject,
        `На согласовании страниц: 1 (${formatRussianDate("2026-03-02")})`,
      );
      assert.match(
        mails[0]?.text ?? "",
        /— «Вакансии» \(редактор: elena\), передана .*\/staff\/site\/vacancies/,
      );
    });

    test("approved for a moment: the editor's mail when it is published, none to the head", async () => {
      const review = approvalFields((await hanna.get("/staff/site/vacancies")).html);
      // Whole seconds, 2 s on: what the time input holds.
      const moment = new Date(Math.ceil((Date.now() + 2000) / 1000) * 1000);
      const { date, time } = kirovInputsOf(moment);
      const approved = await hanna.post("/staff/site/vacancies", {
        intent: "approve-on-schedule",
        ...review,
        "publish-date": date,
        "publish-time": time,
      });
      assert.equal(approved.status, 303);
      assert.deepEqual(await newMails(), [], "nothing before its moment");
      // The server publishes at its moment by itself (decision 0039): at most 20 s past it.
      while ((await site.data.siteEditions.workedOn("vacancies"))?.state === "scheduled") {
        assert.ok(Date.now() < moment.getTime() + 20_000, "published at its moment");
        await sleep(100);
      }
      const mails = await newMails();
      assert.deepEqual(mails.map(to), ["elena@example.ru"]);
      assert.match(mails[0]?.text ?? "", /опубликована по расписанию \(руководитель: hanna\)/);
    });

    test("a page past «Проверить до» is listed; «Проверено, без изменений» takes it off", async () => {
      const listed = async () => {
        const html = decodeHtml((await elena.get("/staff/site")).html);
        const section = /<section aria-labelledby="past-review-date">(.*?)<\/section>/s.exec(html);
        return section?.[1] ?? "";
      };
      assert.match(await listed(), /Срок проверки не прошёл ни у одной страницы/);
      // The price list was last looked at long ago: its day set in the past.
      await site.data.reviewDates.set("prices", "2025-01-31", "elena", new Date());
      const past = await listed();
      assert.match(past, /<a href="\/staff\/site\/prices">Цены<\/a>/);
      assert.match(past, /31\.01\.2025/);
      assert.doesNotMatch(past, /Вакансии/, "published today: its day is a year on");
      const reviewed = await elena.post("/staff/site/prices/review", {
        intent: "reviewed",
        from: "list",
      });
      assert.equal(reviewed.status, 303);
      assert.match(await listed(), /Срок проверки не прошёл ни у одной страницы/);
      const [line] = (await site.data.audit.recent(20)).filter(
        (entry) => entry.action === "site-reviewed",
      );
      assert.equal(line?.staff_login, "elena");
      const nextYear = new Date();
      nextYear.setUTCFullYear(nextYear.getUTCFullYear() + 1);
      const page = readable((await elena.get("/staff/site/prices/review")).html);
      assert.match(page, /Проверить до \d\d\.\d\d\.\d{4}\./);
      assert.ok(page.includes(kirovIsoDate(nextYear).slice(0, 4)), "a year on");
    });

    const inTwoYears = `${Number(kirovIsoDate(new Date()).slice(0, 4)) + 2}-06-30`;

    test("an editor sets the day; a past one is refused beside its field", async () => {
      await elena.get("/staff/site/prices/review");
      const refused = await elena.post("/staff/site/prices/review", {
        intent: "set-date",
        "review-by": "2020-01-01",
      });
      assert.equal(refused.status, 400);
      assert.match(
        decodeHtml(refused.html),
        /id="review-by-error"[^>]*>.*раньше сегодняшнего дня/s,
      );
      const set = await elena.post("/staff/site/prices/review", {
        intent: "set-date",
        "review-by": inTwoYears,
      });
      assert.equal(set.status, 303);
      assert.equal((await site.data.reviewDates.stored()).get("prices")?.reviewBy, inTwoYears);
    });

    test("the monthly mail lists the pages past their day to the editors, once a month", async () => {
      const job = (now: Date) =>
        createReviewReminder({
          data: site.data,
          reviewDates: createReviewDates({ data: site.data, now: () => now }),
          time: "08:00",
          log: silentLog,
          now: () => now,
        });
      // The structure page was last looked at long ago; the price list's day is two years on.
      await site.data.reviewDates.set("structure", "2025-01-31", "elena", new Date());
      assert.equal(await job(new Date("2026-04-01T06:00:00Z")).runOnce(), "ran");
      assert.equal(await job(new Date("2026-04-02T06:00:00Z")).runOnce(), "ran", "marked only");
      const mails = await newMails();
      assert.deepEqual(mails.map(to), ["elena@example.ru"], "one mail, to the one editor");
      assert.equal(mails[0]?.subject, "Пора проверить страницы сайта: 1");
      assert.match(
        mails[0]?.text ?? "",
        /— «Структура», проверить до 31\.01\.2025: \S+\/staff\/site\/structure\n/,
      );
      assert.doesNotMatch(mails[0]?.text ?? "", /«Цены»|«Вакансии»/, "their days are to come");
    });
  });
}
