// Links checked at publish and «Ссылки» (issue 43, decision 0061) over HTTP, on both stores, as the
// browser without JavaScript posts: a home text linking to an announcement the site lacks is
// refused with the field and the link named, under the field; the news published without an
// announcement the home page links to is refused, naming the page and the field, and the
// announcement stays on the site; the daily check's broken web links are listed on «Ссылки» with
// their page and field, counted on «Содержание сайта», for editors and heads only. Needs the build.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { siteContentDefaults } from "../../content/site-content-defaults.ts";
import { approvalFields } from "../support/site-review-form.ts";
import { testPasswordHash } from "../support/staff-fixtures.ts";
import { StaffHttpBrowser } from "../support/staff-http.ts";
import { decodeHtml, textOf } from "../support/staff-test-app.ts";
import { type TestDatabase, testDatabaseKinds } from "../support/test-databases.ts";
import { type RunningSite, startSite } from "./harness.ts";

const password = "correct horse battery staple";

/** The home page's texts as its form posts them, the first section's text given. */
const homeFields = (firstText: string) => ({
  scount: String(siteContentDefaults.home.sections.length),
  ...Object.fromEntries(
    siteContentDefaults.home.sections.flatMap((section, index) => [
      [`s${index}.id`, section.id],
      [`s${index}.text`, index === 0 ? firstText : section.text],
    ]),
  ),
});

/** The news as its form posts them: announcements numbered as given. */
const newsFields = (ids: readonly string[]) => ({
  ncount: String(ids.length),
  ...Object.fromEntries(
    ids.flatMap((id, index) => [
      [`n${index}.id`, id],
      [`n${index}.title`, `Объявление о приёме проб ${id}`],
      [`n${index}.date`, "2026-11-25"],
      [`n${index}.text`, `Текст объявления ${id}.`],
      [`n${index}.imageHref`, ""],
      [`n${index}.imageFile`, ""],
      [`n${index}.imageAlt`, ""],
    ]),
  ),
});

for (const kind of testDatabaseKinds) {
  describe(`links checked at publish, and «Ссылки» (${kind.name})`, { concurrency: false }, () => {
    let database: TestDatabase;
    let site: RunningSite;
    let hanna: StaffHttpBrowser;

    before(async () => {
      database = await kind.create();
      site = await startSite({ databaseUrl: database.url });
      const hash = await testPasswordHash(password);
      await site.data.staffAccounts.addUser("elena", hash, new Date(), { role: "editor" });
      await site.data.staffAccounts.addUser("hanna", hash, new Date(), { role: "head" });
      await site.data.staffAccounts.addUser("ivan", hash, new Date(), { role: "executor" });
      hanna = new StaffHttpBrowser(site.baseUrl);
      await hanna.signIn("hanna", password);
    });
    after(async () => {
      await site?.close();
      await database?.drop();
    });

    const publish = async (page: string, fields: Record<string, string>) => {
      await hanna.get(`/staff/site/${page}`);
      return hanna.post(`/staff/site/${page}`, { ...fields, intent: "publish" });
    };

    test("a link to an announcement the site lacks stops the publish, the field named", async () => {
      const news = await publish("news", newsFields(["2", "1"]));
      assert.equal(news.status, 303, textOf(news.html).slice(0, 300));
      const linked = await publish("home", homeFields("Подробнее — в [объявлении](/news/2)."));
      assert.equal(linked.status, 303, textOf(linked.html).slice(0, 300));

      const refused = await publish("home", homeFields("Подробнее — в [объявлении](/news/7)."));
      assert.equal(refused.status, 400);
      const message =
        "Ссылка «/news/7» в поле «Раздел „Государственное задание“» ведёт на объявление, которого нет на сайте.";
      assert.ok(textOf(refused.html).includes(message), textOf(refused.html).slice(0, 600));
      // Under the field itself: the textarea is described by the message.
      const field = /<textarea[^>]*id="section-0-text"[^>]*>/.exec(refused.html)?.[0] ?? "";
      assert.match(field, /aria-invalid="true"/);
      const home = await (await fetch(`${site.baseUrl}/`)).text();
      assert.ok(home.includes('href="/news/2"'), "the published link stays");
      assert.ok(!home.includes('href="/news/7"'), "nothing of the refused edition is shown");
    });

    test("the news without an announcement the home page links to is refused, naming where", async () => {
      const refused = await publish("news", newsFields(["1"]));
      assert.equal(refused.status, 400);
      assert.ok(
        decodeHtml(textOf(refused.html)).includes(
          "Объявление № 2 «Объявление о приёме проб 2» снять нельзя: на него ведёт ссылка в поле «Раздел „Государственное задание“» страницы «Главная: тексты разделов».",
        ),
        textOf(refused.html).slice(0, 600),
      );
      assert.equal((await fetch(`${site.baseUrl}/news/2`)).status, 200);
      // The link changed first, the announcement goes.
      assert.equal((await publish("home", homeFields("Объявлений нет."))).status, 303);
      assert.equal((await publish("news", newsFields(["1"]))).status, 303);
      assert.equal((await fetch(`${site.baseUrl}/news/2`)).status, 404);
    });

    test("an approval or a restore whose link broke since is refused, nothing published", async () => {
      // The home page's first edition (test 1) linked to /news/2, which test 2 took off.
      const linkedEarlier = (await site.data.siteEditions.history("home")).find((edition) =>
        JSON.stringify(edition.content).includes("/news/2"),
      );
      assert.ok(linkedEarlier, "the home edition linking to /news/2 is in «История»");
      const restored = await hanna.post("/staff/site/home", {
        intent: "restore",
        edition: String(linkedEarlier.id),
      });
      assert.equal(restored.status, 409, textOf(restored.html).slice(0, 300));
      assert.ok(
        decodeHtml(textOf(restored.html)).includes("Ссылка «/news/2» в поле"),
        textOf(restored.html).slice(0, 600),
      );

      assert.equal((await publish("news", newsFields(["3", "1"]))).status, 303);
      const elena = new StaffHttpBrowser(site.baseUrl);
      await elena.signIn("elena", password);
      await elena.get("/staff/site/home");
      const submitted = await elena.post("/staff/site/home", {
        ...homeFields("Подробнее — в [объявлении](/news/3)."),
        intent: "publish",
      });
      assert.equal(submitted.status, 303, textOf(submitted.html).slice(0, 300));
      // Taken off while the edition waits: nothing published links to it yet.
      assert.equal((await publish("news", newsFields(["1"]))).status, 303);
      const review = approvalFields((await hanna.get("/staff/site/home")).html);
      const approved = await hanna.post("/staff/site/home", { intent: "approve", ...review });
      assert.equal(approved.status, 409, textOf(approved.html).slice(0, 300));
      assert.ok(
        decodeHtml(textOf(approved.html)).includes(
          "Ссылка «/news/3» в поле «Раздел „Государственное задание“» ведёт на объявление, которого нет на сайте.",
        ),
        textOf(approved.html).slice(0, 600),
      );
      const home = await (await fetch(`${site.baseUrl}/`)).text();
      assert.ok(!home.includes('href="/news/3"'), "the waiting edition is not published");
    });

    test("«Ссылки» lists the broken web links with page and field, for editors and heads", async () => {
      await site.data.linkChecks.record({
        links: [
          {
            href: "https://pub.fsa.gov.ru/ral-old",
            places: [
              {
                page: "home",
                field: "s0.text",
                fieldLabel: "«Раздел „Государственное задание“»",
              },
            ],
          },
          { href: "https://example.org/works", places: [] },
        ],
        results: [
          {
            href: "https://pub.fsa.gov.ru/ral-old",
            status: 404,
            problem: "Сайт ответил кодом 404 (страница не найдена).",
          },
          { href: "https://example.org/works", status: 200, problem: null },
        ],
        at: new Date("2026-11-27T23:30:00Z"),
      });
      const elena = new StaffHttpBrowser(site.baseUrl);
      await elena.signIn("elena", password);
      const overview = textOf((await elena.get("/staff/site")).html);
      assert.match(overview, /Ссылки: неработающих ссылок на другие сайты — 1\./);
      const report = await elena.get("/staff/site/links");
      assert.equal(report.status, 200);
      const text = textOf(report.html);
      assert.match(
        text,
        /https:\/\/pub\.fsa\.gov\.ru\/ral-old\s*Сайт ответил кодом 404 \(страница не найдена\)\.\s*Главная: тексты разделов, поле «Раздел „Государственное задание“»\s*28\.11\.2026/,
      );
      assert.ok(!text.includes("https://example.org/works"), "a working link is not listed");
      assert.ok(report.html.includes('<a href="/staff/site/home">Главная: тексты разделов</a>'));
      assert.equal((await hanna.get("/staff/site/links")).status, 200);
      const ivan = new StaffHttpBrowser(site.baseUrl);
      await ivan.signIn("ivan", password);
      const outside = await ivan.get("/staff/site/links");
      assert.equal(outside.status, 404);
      assert.ok(!outside.html.includes("pub.fsa.gov.ru/ral-old"));
    });
  });
}
