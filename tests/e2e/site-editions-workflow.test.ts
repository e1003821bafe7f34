// The vacancies' editor over HTTP, as a browser without JavaScript posts it: with
// CONTENT_APPROVAL=off an editor publishes directly; with it on, a head returns an edition with a
// comment the editor reads, an empty comment is refused; a wrong salary is refused field by field
// and stores nothing; adding and moving vacancies changes only the form shown. Needs the build.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { defaultVacancies } from "../../content/vacancies.ts";
import {
  vacancyFieldName,
  vacancyFormFields,
  vacancyFormValues,
} from "../../domain/site-content/vacancies-form.ts";
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

describe("CONTENT_APPROVAL=off", () => {
  let site: RunningSite;
  before(async () => {
    site = await siteWith([["elena", "editor"]], { contentApproval: false });
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
    await elena.get("/staff/site/vacancies");
    const submitted = await elena.post(
      "/staff/site/vacancies",
      editorForm("publish", { [vacancyFieldName(0, "salary")]: "49000" }),
    );
    assert.equal(submitted.status, 303);
    const edition = String((await site.data.siteEditions.workedOn("vacancies"))?.id);
    await hanna.get("/staff/site/vacancies");
    const answers = await Promise.all([
      hanna.post("/staff/site/vacancies", { intent: "approve", edition }),
      hanna.post("/staff/site/vacancies", { intent: "approve", edition }),
    ]);
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [303, 409]);
    const approvals = (await site.data.audit.recent(50)).filter(
      (entry) => entry.action === "site-approved",
    );
    assert.equal(approvals.length, 1);
    assert.equal((await site.data.siteEditions.history("vacancies")).length, 1);
    assert.deepEqual((await publicSalaries(site))[0], "49 000 ₽ в месяц на руки");
  });
});
