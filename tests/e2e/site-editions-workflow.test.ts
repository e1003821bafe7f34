// The vacancies' editor over HTTP, as a browser without JavaScript posts it: with
// CONTENT_APPROVAL=off an editor publishes directly; with it on, a head returns an edition with a
// comment the editor reads, an empty comment is refused; a wrong salary is refused field by field
// and stores nothing; adding and moving vacancies changes only the form shown. Scheduled
// publishing (decision 0039) on both stores: a head's own salary and an editor's approved one go
// live at their moment without a restart, nothing before; a past or impossible moment is refused
// beside its field; a scheduled edition is cancelled or edited back to a draft. Needs the build.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { defaultVacancies } from "../../content/vacancies.ts";
import { kirovInputsOf, scheduleMessages } from "../../domain/site-content/publish-schedule.ts";
import {
  vacancyFieldName,
  vacancyFormFields,
  vacancyFormValues,
} from "../../domain/site-content/vacancies-form.ts";
import { approvalFields } from "../support/site-review-form.ts";
import { testPasswordHash } from "../support/staff-fixtures.ts";
import { StaffHttpBrowser } from "../support/staff-http.ts";
import { decodeHtml } from "../support/staff-test-app.ts";
import { createPostgresDatabase, type TestDatabase } from "../support/test-databases.ts";
import { type RunningSite, startSite } from "./harness.ts";

const password = "correct horse battery staple";
const passwordHash = testPasswordHash(password);

/** The editor's form as the page fills it, with some fields changed. */
function editorForm(intent: string, changed: Record<string, string> = {}): Record<string, string> {
  return { ...vacancyFormFields(vacancyFormValues(defaultVacancies)), intent, ...changed };
}

async function siteWith(
  accounts: [string, "editor" | "head"][],
  options: { contentApproval: boolean; databaseUrl?: string },
): Promise<RunningSite> {
  const site = await startSite(options);
  for (const [login, role] of accounts) {
    await site.data.staffAccounts.addUser(login, await passwordHash, new Date(), { role });
  }
  return site;
}

/** A page's HTML as text to match: entities decoded, React's markers between text nodes gone. */
const readable = (html: string) => decodeHtml(html).replaceAll("<!-- -->", "");

const publicSalaries = async (site: RunningSite) =>
  [
    ...decodeHtml(await (await fetch(`${site.baseUrl}/vacancies`)).text()).matchAll(
      /vacancy__salary">([^<]*)/g,
    ),
  ].map((match) => match[1]?.replaceAll("\u00a0", " "));

/** The date and time fields of a moment `seconds` from now, in Kirov time, as the form posts them. */
function momentFields(seconds: number): { moment: Date; fields: Record<string, string> } {
  // Whole seconds: what the time input holds.
  const moment = new Date(Math.ceil((Date.now() + seconds * 1000) / 1000) * 1000);
  const { date, time } = kirovInputsOf(moment);
  return { moment, fields: { "publish-date": date, "publish-time": time } };
}

/**
 * The public salaries, once the scheduled moment has come and gone: the server publishes at its
 * moment, on its own; waits at most 20 s past it.
 */
async function salariesOnceShowing(site: RunningSite, salary: string, moment: Date) {
  for (;;) {
    const salaries = await publicSalaries(site);
    if (salaries.includes(salary)) return salaries;
    assert.ok(
      Date.now() < moment.getTime() + 20_000,
      `${salary} not published 20 s after its moment`,
    );
    await sleep(100);
  }
}

/** Nothing changes publicly before the moment: a page answered wholly before it is the old one. */
async function assertUnchangedBefore(site: RunningSite, salary: string, moment: Date) {
  const salaries = await publicSalaries(site);
  if (Date.now() < moment.getTime()) assert.ok(!salaries.includes(salary), "not before its moment");
}

const auditLines = async (site: RunningSite, action: string) =>
  (await site.data.audit.recent(50)).filter((entry) => entry.action === action);

describe("CONTENT_APPROVAL=off", () => {
  let site: RunningSite;
  before(async () => {
    site = await siteWith(
      [
        ["elena", "editor"],
        ["hanna", "head"],
      ],
      { contentApproval: false },
    );
  });
  after(() => site?.close());

  test("an editor sees «Опубликовать» and publishes directly", async () => {
    const elena = new StaffHttpBrowser(site.baseUrl);
    await elena.signIn("elena", password);
    const page = await elena.get("/staff/site/vacancies");
    assert.match(page.html, />Опубликовать</);
    assert.doesNotMatch(page.html, /Передать на согласование/);
    const posted = await elena.post(
      "/staff/site/vacancies",
      editorForm("publish", { [vacancyFieldName(1, "salary")]: "58000" }),
    );
    assert.equal(posted.status, 303);
    assert.deepEqual(await publicSalaries(site), ["45 000 ₽ в месяц на руки", "58 000 ₽ в месяц"]);
  });

  test("a head's salary published on schedule: a past moment is refused, nothing before, the new salary at its moment", async () => {
    const hanna = new StaffHttpBrowser(site.baseUrl);
    await hanna.signIn("hanna", password);
    const editor = readable((await hanna.get("/staff/site/vacancies")).html);
    assert.match(editor, /<legend>Опубликовать по расписанию<\/legend>/);
    assert.match(editor, /type="date"[^>]*name="publish-date"|name="publish-date"[^>]*type="date"/);
    const salary = { [vacancyFieldName(0, "salary")]: "47000" };

    for (const [fields, message] of [
      [momentFields(-60).fields, scheduleMessages.past],
      [{ "publish-date": "2026-02-30", "publish-time": "09:00" }, scheduleMessages.invalid],
      [{ "publish-date": "", "publish-time": "" }, scheduleMessages.missing],
    ] as const) {
      const refused = await hanna.post("/staff/site/vacancies", {
        ...editorForm("schedule", salary),
        ...fields,
      });
      assert.equal(refused.status, 400);
      assert.match(
        readable(refused.html),
        new RegExp(
          `id="publish-schedule-date-error"[^>]*>.*${message.replace(/[().]/g, "\\$&")}`,
          "s",
        ),
      );
      assert.match(readable(refused.html), /value="47000"/, "what was typed is kept");
    }
    assert.equal(await site.data.siteEditions.workedOn("vacancies"), undefined, "nothing stored");

    const { moment, fields } = momentFields(3);
    const scheduled = await hanna.post("/staff/site/vacancies", {
      ...editorForm("schedule", salary),
      ...fields,
    });
    assert.equal(scheduled.status, 303, scheduled.html.slice(0, 300));
    await assertUnchangedBefore(site, "47 000 ₽ в месяц на руки", moment);
    const list = readable((await hanna.get("/staff/site")).html);
    const time = fields["publish-time"];
    assert.match(
      list,
      new RegExp(
        `Запланирована</span> будет опубликована <time[^>]*>\\d+ [а-я]+ \\d{4}\u00a0г\\. в ${time}</time> \\(время кировское\\)`,
      ),
    );

    const salaries = await salariesOnceShowing(site, "47 000 ₽ в месяц на руки", moment);
    assert.deepEqual(salaries, ["47 000 ₽ в месяц на руки", "55 000 ₽ в месяц"]);
    const [line] = await auditLines(site, "site-published-on-schedule");
    assert.equal(line?.staff_login, "hanna", "published as the person who scheduled it");
    assert.equal((await auditLines(site, "site-scheduled")).length, 1);
    const history = readable((await hanna.get("/staff/site/vacancies")).html);
    assert.match(history, /\(на сайте сейчас\)<\/h3><p>Опубликовал hanna\./);
    assert.match(history, /Черновика нет/);
  });

  test("a scheduled edition is cancelled back to a draft; edited, it is a draft again", async () => {
    const hanna = new StaffHttpBrowser(site.baseUrl);
    await hanna.signIn("hanna", password);
    await hanna.get("/staff/site/vacancies");
    const later = { "publish-date": "2099-12-01", "publish-time": "09:00" };
    const salary = { [vacancyFieldName(0, "salary")]: "48000" };
    assert.equal(
      (await hanna.post("/staff/site/vacancies", { ...editorForm("schedule", salary), ...later }))
        .status,
      303,
    );
    const page = readable((await hanna.get("/staff/site/vacancies")).html);
    assert.match(
      page,
      /Редакция запланирована: будет опубликована <time[^>]*>1 декабря 2099\u00a0г\. в 09:00<\/time> \(время кировское\)\. Запланировал hanna\./,
    );
    const edition = await site.data.siteEditions.workedOn("vacancies");
    assert.equal(edition?.state, "scheduled");
    assert.equal(edition?.publishAt, "2099-12-01T06:00:00.000Z", "Kirov 09:00 kept as UTC");
    const cancelled = await hanna.post("/staff/site/vacancies", {
      intent: "cancel-schedule",
      edition: String(edition?.id),
    });
    assert.equal(cancelled.status, 303);
    assert.match(
      readable((await hanna.get("/staff/site/vacancies?done=unscheduled")).html),
      /Публикация по расписанию отменена: редакция снова черновик\./,
    );
    assert.equal((await site.data.siteEditions.workedOn("vacancies"))?.state, "draft");
    assert.equal((await auditLines(site, "site-schedule-cancelled")).length, 1);

    await hanna.post("/staff/site/vacancies", { ...editorForm("schedule", salary), ...later });
    assert.equal((await site.data.siteEditions.workedOn("vacancies"))?.state, "scheduled");
    await hanna.post("/staff/site/vacancies", editorForm("save", salary));
    const edited = await site.data.siteEditions.workedOn("vacancies");
    assert.equal(edited?.state, "draft", "an edit takes it back to a draft");
    assert.equal(edited?.publishAt, null);
    const [dropped] = await auditLines(site, "site-schedule-cancelled");
    assert.match(
      dropped?.details ?? "",
      /было на 01\.12\.2099, 09:00 \(время кировское\); изменена$/,
    );
    assert.ok(
      (await publicSalaries(site)).includes("47 000 ₽ в месяц на руки"),
      "the site unchanged",
    );
  });
});

describe("CONTENT_APPROVAL=off, visitors during publishes", () => {
  let site: RunningSite;
  before(async () => {
    site = await siteWith([["hanna", "head"]], { contentApproval: false });
  });
  after(() => site?.close());

  test("every visitor gets a whole page, the old one or the new one, never a 404", async () => {
    const hanna = new StaffHttpBrowser(site.baseUrl);
    await hanna.signIn("hanna", password);
    await hanna.get("/staff/site/vacancies");
    let publishing = true;
    const seen: string[] = [];
    const visitor = async () => {
      while (publishing) {
        const response = await fetch(`${site.baseUrl}/vacancies`, {
          headers: { "accept-encoding": "br" },
        });
        const html = await response.text();
        assert.equal(response.status, 200);
        assert.ok(html.endsWith("</html>"), "a whole page");
        const salary = /vacancy__salary">(\d+)/.exec(html)?.[1];
        assert.ok(salary, "with its vacancies");
        seen.push(salary);
      }
    };
    const visitors = [visitor(), visitor(), visitor()];
    for (const salary of ["61000", "62000", "63000", "64000"]) {
      const posted = await hanna.post(
        "/staff/site/vacancies",
        editorForm("publish", { [vacancyFieldName(0, "salary")]: salary }),
      );
      assert.equal(posted.status, 303);
    }
    publishing = false;
    await Promise.all(visitors);
    assert.ok(seen.length > 0);
    assert.deepEqual((await publicSalaries(site))[0], "64 000 ₽ в месяц на руки");
  });
});

describe("CONTENT_APPROVAL=on, PostgreSQL", () => {
  let site: RunningSite;
  let database: TestDatabase;
  let elena: StaffHttpBrowser;
  let hanna: StaffHttpBrowser;
  before(async () => {
    database = await createPostgresDatabase();
    site = await siteWith(
      [
        ["elena", "editor"],
        ["hanna", "head"],
      ],
      { contentApproval: true, databaseUrl: database.url },
    );
    elena = new StaffHttpBrowser(site.baseUrl);
    await elena.signIn("elena", password);
    hanna = new StaffHttpBrowser(site.baseUrl);
    await hanna.signIn("hanna", password);
  });
  after(async () => {
    await site?.close();
    await database?.drop();
  });

  /** The editor submits a new salary of the first vacancy for approval: the edition's id. */
  const elenaSubmits = async (salary: string) => {
    await elena.get("/staff/site/vacancies");
    const submitted = await elena.post(
      "/staff/site/vacancies",
      editorForm("publish", { [vacancyFieldName(0, "salary")]: salary }),
    );
    assert.equal(submitted.status, 303);
    return String((await site.data.siteEditions.workedOn("vacancies"))?.id);
  };

  test("a wrong salary is refused beside its field and stores nothing; list buttons store nothing", async () => {
    await elena.get("/staff/site/vacancies");
    const refused = await elena.post(
      "/staff/site/vacancies",
      editorForm("save", { [vacancyFieldName(0, "salary")]: "сорок тысяч" }),
    );
    assert.equal(refused.status, 400);
    const html = readable(refused.html);
    assert.match(html, /Проверьте поля, отмеченные ниже\./);
    assert.match(html, /id="vacancy-0-salary-error"[^>]*>.*Укажите зарплату числом рублей\./s);
    assert.match(html, /value="сорок тысяч"/, "what was typed is kept");
    const added = decodeHtml((await elena.post("/staff/site/vacancies", editorForm("add"))).html);
    assert.match(added, /name="count" value="3"/);
    const moved = readable((await elena.post("/staff/site/vacancies", editorForm("down:0"))).html);
    assert.ok(moved.indexOf("Вакансия 1: Экономист") > 0);
    assert.equal(await site.data.siteEditions.workedOn("vacancies"), undefined);
  });

  test("a head returns an edition with a comment; an empty comment is refused; the editor reads it", async () => {
    await elena.get("/staff/site/vacancies");
    const submitted = await elena.post(
      "/staff/site/vacancies",
      editorForm("publish", { [vacancyFieldName(0, "title")]: "Агрохимик" }),
    );
    assert.equal(submitted.status, 303);
    const edition = await site.data.siteEditions.workedOn("vacancies");
    assert.equal(edition?.state, "awaiting_approval");
    // The editor cannot approve their own.
    const early = await elena.post("/staff/site/vacancies", {
      intent: "approve",
      edition: String(edition?.id),
    });
    assert.equal(early.status, 403);

    await hanna.get("/staff/site/vacancies");
    const empty = await hanna.post("/staff/site/vacancies", {
      intent: "return",
      edition: String(edition?.id),
      comment: "  ",
    });
    assert.equal(empty.status, 400);
    assert.match(readable(empty.html), /Напишите, что доработать\./);
    const returned = await hanna.post("/staff/site/vacancies", {
      intent: "return",
      edition: String(edition?.id),
      comment: "Название должности — по штатному расписанию.",
    });
    assert.equal(returned.status, 303);
    const page = readable((await elena.get("/staff/site/vacancies")).html);
    assert.match(
      page,
      /Возвращено на доработку \(hanna\): Название должности — по штатному расписанию\./,
    );
    assert.match(page, /value="Агрохимик"/, "the returned draft is in the form");
    assert.doesNotMatch(
      decodeHtml(await (await fetch(`${site.baseUrl}/vacancies`)).text()),
      /Агрохимик</,
    );
  });

  test("two approvals of one edition at once: one publishes, the other is told it changed", async () => {
    await elenaSubmits("49000");
    const review = approvalFields((await hanna.get("/staff/site/vacancies")).html);
    const answers = await Promise.all([
      hanna.post("/staff/site/vacancies", { intent: "approve", ...review }),
      hanna.post("/staff/site/vacancies", { intent: "approve", ...review }),
    ]);
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [303, 409]);
    const approvals = (await site.data.audit.recent(50)).filter(
      (entry) => entry.action === "site-approved",
    );
    assert.equal(approvals.length, 1);
    assert.equal((await site.data.siteEditions.history("vacancies")).length, 1);
    assert.deepEqual((await publicSalaries(site))[0], "49 000 ₽ в месяц на руки");
  });

  test("a head approves an editor's salary on schedule: refused in the past, live at its moment", async () => {
    await elenaSubmits("46000");
    // An editor with approval on neither schedules nor approves on schedule.
    assert.doesNotMatch((await elena.get("/staff/site/vacancies")).html, /по расписанию/);

    const reviewPage = (await hanna.get("/staff/site/vacancies")).html;
    assert.match(readable(reviewPage), /id="review-schedule-date"/);
    const review = approvalFields(reviewPage);
    const past = await hanna.post("/staff/site/vacancies", {
      intent: "approve-on-schedule",
      ...review,
      ...momentFields(-120).fields,
    });
    assert.equal(past.status, 400);
    assert.match(
      readable(past.html),
      /id="review-schedule-date-error"[^>]*>.*Это время уже прошло/s,
    );
    assert.equal((await site.data.siteEditions.workedOn("vacancies"))?.state, "awaiting_approval");

    const { moment, fields } = momentFields(3);
    const approved = await hanna.post("/staff/site/vacancies", {
      intent: "approve-on-schedule",
      ...review,
      ...fields,
    });
    assert.equal(approved.status, 303, approved.html.slice(0, 300));
    await assertUnchangedBefore(site, "46 000 ₽ в месяц на руки", moment);
    assert.match(
      readable((await elena.get("/staff/site")).html),
      /Вакансии<\/a><\/td><td>.*Запланирована.*будет опубликована/,
    );
    await salariesOnceShowing(site, "46 000 ₽ в месяц на руки", moment);
    const [line] = await auditLines(site, "site-published-on-schedule");
    assert.equal(line?.staff_login, "hanna");
    assert.equal((await auditLines(site, "site-approved-on-schedule")).length, 1);
    const history = readable((await hanna.get("/staff/site/vacancies")).html);
    assert.match(history, /\(на сайте сейчас\)<\/h3><p>Опубликовал hanna, подготовил elena\./);
  });

  test("a head approves what their page showed: an edition changed since is refused and shown anew", async () => {
    const approvedBefore = (await auditLines(site, "site-approved")).length;
    await elenaSubmits("51000");
    const seen = approvalFields((await hanna.get("/staff/site/vacancies")).html);
    // The editor changes the edition awaiting approval: the same id, the same state.
    const edition = await elenaSubmits("99000");
    assert.equal(edition, seen.edition);
    for (const intent of ["approve", "approve-on-schedule"]) {
      const stale = await hanna.post("/staff/site/vacancies", {
        intent,
        ...seen,
        ...momentFields(600).fields,
      });
      assert.equal(stale.status, 409, intent);
      const page = readable(stale.html);
      assert.match(page, /Редакцию изменили, пока страница была открыта/, intent);
      assert.match(page, /value="99000"/, `${intent}: the new content in the form`);
      assert.notEqual(approvalFields(stale.html).revision, seen.revision);
    }
    assert.equal((await site.data.siteEditions.workedOn("vacancies"))?.state, "awaiting_approval");
    assert.ok(!(await publicSalaries(site)).includes("99 000 ₽ в месяц на руки"));
    assert.equal((await auditLines(site, "site-approved")).length, approvedBefore);
    // A forged or missing revision is refused the same way.
    for (const revision of ["", "0000000000000000"]) {
      const forged = await hanna.post("/staff/site/vacancies", {
        intent: "approve",
        edition,
        revision,
      });
      assert.equal(forged.status, 409);
    }
    // Approved from the page showing it, it is published.
    const fresh = approvalFields((await hanna.get("/staff/site/vacancies")).html);
    const approved = await hanna.post("/staff/site/vacancies", { intent: "approve", ...fresh });
    assert.equal(approved.status, 303);
    assert.equal((await publicSalaries(site))[0], "99 000 ₽ в месяц на руки");
  });

  test("a head's scheduled publication is cancelled by a head only", async () => {
    await elenaSubmits("52000");
    const review = approvalFields((await hanna.get("/staff/site/vacancies")).html);
    const scheduled = await hanna.post("/staff/site/vacancies", {
      intent: "approve-on-schedule",
      ...review,
      "publish-date": "2099-12-01",
      "publish-time": "09:00",
    });
    assert.equal(scheduled.status, 303);
    const editorPage = readable((await elena.get("/staff/site/vacancies")).html);
    assert.match(editorPage, /Отменить публикацию по расписанию может руководитель\./);
    assert.doesNotMatch(editorPage, /value="cancel-schedule"/);
    const refused = await elena.post("/staff/site/vacancies", {
      intent: "cancel-schedule",
      edition: review.edition,
    });
    assert.equal(refused.status, 403);
    assert.equal((await site.data.siteEditions.workedOn("vacancies"))?.state, "scheduled");
    const cancelled = await hanna.post("/staff/site/vacancies", {
      intent: "cancel-schedule",
      edition: review.edition,
    });
    assert.equal(cancelled.status, 303);
    assert.equal((await site.data.siteEditions.workedOn("vacancies"))?.state, "draft");
  });
});
