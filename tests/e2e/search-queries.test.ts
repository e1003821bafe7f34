// «Что ищут на сайте» (issue 42, decision 0060) over HTTP, on SQLite, one server: a query typed
// ten times on /search shows «10» on the staff page, a query that found nothing is listed under
// «Ничего не найдено», each a link to try it; searches holding an e-mail or a phone leave nothing
// in the store (read straight from it) and no query reaches a log line; an editor and a head see
// the page, an executor gets the 404 of a page outside their role. Needs the build.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { everyTableAsText, querySql } from "../support/direct-sql.ts";
import { addStaffUser } from "../support/staff-fixtures.ts";
import { StaffClient, textOf } from "../support/staff-test-app.ts";
import { type RunningSite, startSite } from "./harness.ts";

const password = "correct horse battery";
const browser =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const typedTenTimes = "Анализ почвы";
const foundNothing = "зюзюбликовщина";
const personal = ["ivanov@mail.ru", "+7 912 345-67-89", "8(8332)00-00-00", "снилс 123 456 789 00"];

let site: RunningSite;
const logLines: string[] = [];

before(async () => {
  site = await startSite({ logLines });
  await addStaffUser(site.data, "elena", password, { role: "editor" });
  await addStaffUser(site.data, "hanna", password, { role: "head" });
  await addStaffUser(site.data, "ivan", password, { role: "executor" });
  const search = async (query: string, userAgent = browser) => {
    const response = await fetch(`${site.baseUrl}/search?q=${encodeURIComponent(query)}`, {
      headers: { "user-agent": userAgent },
    });
    assert.equal(response.status, 200, query);
    await response.text();
  };
  for (let index = 0; index < 10; index += 1) await search(typedTenTimes);
  await search(foundNothing);
  for (const query of personal) await search(query);
  // A crawler's searches are not what visitors look for: not counted.
  await search(
    typedTenTimes,
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  );
  await search(
    "поисковый робот",
    "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
  );
});
after(() => site?.close());

/** A table of the page, by its name: each query's text, its link and its count. */
function rowsOf(html: string, label: string) {
  const table = html.split(`aria-label="${label}"`)[1]?.split("</section>")[0] ?? "";
  return [...table.matchAll(/<a href="([^"]*)">([^<]*)<\/a><\/td><td>(\d+)<\/td>/g)].map(
    ([, href, query, searches]) => ({ href, query, searches: Number(searches) }),
  );
}

async function signedIn(login: string) {
  const client = new StaffClient(site.app);
  assert.equal((await client.signIn(login, password)).statusCode, 302, login);
  return client;
}

test("a query typed ten times shows 10; one that found nothing is listed, each a link to try it", async () => {
  const editor = await signedIn("elena");
  const from = await editor.get("/staff/site");
  assert.match(from.body, /<a href="\/staff\/site\/searches">Что ищут на сайте<\/a>/);
  const page = await editor.get("/staff/site/searches");
  assert.equal(page.statusCode, 200);
  assert.match(textOf(page.body), /Что ищут на сайте/);
  const top = rowsOf(page.body, "Запросы, которые ищут чаще всего");
  assert.deepEqual(top[0], {
    href: `/search?q=${encodeURIComponent("анализ почвы")}`,
    query: "анализ почвы",
    searches: 10,
  });
  const nothing = rowsOf(page.body, "Запросы, по которым ничего не найдено");
  assert.deepEqual(
    nothing.find((row) => row.query === foundNothing),
    { href: `/search?q=${encodeURIComponent(foundNothing)}`, query: foundNothing, searches: 1 },
    JSON.stringify(nothing),
  );
  assert.ok(!nothing.some((row) => row.query === "анализ почвы"), "it found something");
  const tried = await fetch(`${site.baseUrl}${top[0]?.href}`);
  assert.equal(tried.status, 200);
  assert.match(await tried.text(), /анализ почвы/i);
  const head = await signedIn("hanna");
  assert.equal((await head.get("/staff/site/searches")).statusCode, 200);
});

test("the store holds no query with an e-mail or a phone, and no log line a query", async () => {
  const rows = await querySql(site.databaseUrl, "SELECT query FROM search_queries");
  const stored = rows.map((row) => String(row.query)).sort();
  assert.deepEqual(stored, [foundNothing, "анализ почвы"].sort());
  const everything = [...(await everyTableAsText(site.databaseUrl)).values()].join("\n");
  for (const text of ["ivanov", "mail.ru", "345-67-89", "912 345", "8332", "снилс", "123 456"]) {
    assert.ok(!everything.includes(text), `${text} is stored`);
  }
  const log = logLines.join("\n");
  // The personal data's own forms, not bare digits: a log line's timing or port may hold «912».
  for (const text of [
    "анализ",
    "Анализ",
    foundNothing,
    "ivanov",
    "912 345",
    "345-67-89",
    "(8332)00",
    "снилс",
    "123 456",
  ]) {
    assert.ok(!log.includes(text) && !log.includes(encodeURIComponent(text)), `${text} logged`);
  }
});

test("an executor gets the 404 of a page outside their role, with no query in it", async () => {
  const executor = await signedIn("ivan");
  const page = await executor.get("/staff/site/searches");
  assert.equal(page.statusCode, 404);
  assert.doesNotMatch(page.body, /анализ почвы|зюзюбликовщина/);
});
