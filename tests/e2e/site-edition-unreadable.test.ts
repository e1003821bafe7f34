// An edition stored before a check tightened (an announcement dated year 0000, which the news
// schema once accepted and the date formatter threw on) takes nothing down (issue 40): the
// server starts and shows the newest earlier edition that renders, says so in its log and on
// /healthz, and the news editor opens with the bad edition named and out of «История»; it can
// be neither restored nor approved. HTTP only; needs the build.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { testPasswordHash } from "../support/staff-fixtures.ts";
import { StaffHttpBrowser } from "../support/staff-http.ts";
import { decodeHtml } from "../support/staff-test-app.ts";
import { type RunningSite, startSite } from "./harness.ts";

const password = "correct horse battery staple";

const announcement = (id: string, title: string, date: string) => ({
  id,
  title,
  date,
  text: "Текст объявления.",
});

let site: RunningSite;
const logLines: string[] = [];
let good = 0;
let bad = 0;
let waiting = 0;
let storeDir = "";

before(async () => {
  // The editions are written as an earlier version of the server wrote them, then it stops.
  storeDir = await mkdtemp(join(tmpdir(), "unreadable-edition-"));
  const databaseUrl = `sqlite:${join(storeDir, "store.sqlite")}`;
  const first = await startSite({ databaseUrl });
  const at = new Date("2026-11-20T08:00:00Z");
  const publish = (content: unknown) =>
    first.data.transaction(async (tx) => {
      const id = await first.data.siteEditions.saveDraft(
        { page: "news", content, by: "elena", at },
        tx,
      );
      assert.ok(
        await first.data.siteEditions.publish({ id, page: "news", from: "draft" }, "hanna", at, tx),
      );
      return id;
    });
  good = await publish({ announcements: [announcement("1", "Приём проб почвы", "2026-11-20")] });
  bad = await publish({
    announcements: [
      announcement("2", "Объявление нулевого года", "0000-01-01"),
      announcement("1", "Приём проб почвы", "2026-11-20"),
    ],
  });
  waiting = await first.data.transaction(async (tx) => {
    const content = { announcements: [announcement("3", "Снова нулевой год", "0000-01-01")] };
    const id = await first.data.siteEditions.saveDraft(
      { page: "news", content, by: "elena", at },
      tx,
    );
    assert.ok(await first.data.siteEditions.submit(id, "elena", at, tx));
    return id;
  });
  for (const [login, role] of [["hanna", "head"]] as const) {
    await first.data.staffAccounts.addUser(login, await testPasswordHash(password), at, { role });
  }
  await first.close();
  site = await startSite({ databaseUrl, logLines });
});
after(async () => {
  await site?.close();
  await rm(storeDir, { recursive: true, force: true });
});

test("the server starts on the newest edition that renders, and says which one it could not show", async () => {
  const news = decodeHtml(await (await fetch(`${site.baseUrl}/news`)).text());
  assert.match(news, /Приём проб почвы/);
  assert.doesNotMatch(news, /нулевого года/);
  assert.equal((await fetch(`${site.baseUrl}/news/1`)).status, 200);
  assert.equal((await fetch(`${site.baseUrl}/news/2`)).status, 404);
  const line = logLines.find((text) => text.includes(`edition #${bad} could not be shown`));
  assert.ok(line, "a log line names the edition");
  assert.match(line, new RegExp(`#${good} shown instead`));
  const health = await fetch(`${site.baseUrl}/healthz`);
  assert.equal(health.status, 200, "the site serves: a warning, not an outage");
  const body = (await health.json()) as { sitePages?: { unshown: unknown[] } };
  assert.deepEqual(body.sitePages?.unshown, [{ page: "news", edition: bad, shownInstead: good }]);
});

test("the news editor opens, names the editions it cannot show, and refuses to publish them", async () => {
  const hanna = new StaffHttpBrowser(site.baseUrl);
  await hanna.signIn("hanna", password);
  const page = await hanna.get("/staff/site/news");
  assert.equal(page.status, 200);
  const html = decodeHtml(page.html).replaceAll("<!-- -->", "");
  assert.match(html, new RegExp(`Редакции № ${waiting}, ${bad} не показаны`));
  assert.match(html, /Приём проб почвы/, "the good edition is in «История»");
  assert.doesNotMatch(html, /нулевого года|нулевой год/);
  const preview = await hanna.get("/staff/site/news/preview");
  assert.equal(preview.status, 200, "the preview shows what renders: the published edition");
  const restored = await hanna.post("/staff/site/news", {
    intent: "restore",
    edition: String(bad),
  });
  assert.equal(restored.status, 422);
  assert.match(decodeHtml(restored.html), /Эту редакцию нельзя опубликовать/);
  const stored = await site.data.siteEditions.find(waiting);
  const approved = await hanna.post("/staff/site/news", {
    intent: "approve",
    edition: String(waiting),
    revision: stored?.revision ?? "",
  });
  assert.equal(approved.status, 422, "a forged approval of an unreadable edition is refused");
  assert.equal((await site.data.siteEditions.published("news"))?.id, bad);
});
