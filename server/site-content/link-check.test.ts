// The site's own links checked where content enters (issue 43, decision 0061), over the built
// site in memory: the build's content passes; a link to an announcement, a page, an anchor or a
// file the site lacks is refused beside its field with the field and the link named; an
// announcement or a document that other published pages link to is not taken off. Which files
// are kept is the store's query (server/db/contract-link-checks.test.ts). Needs the build.
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { siteContentDefaults } from "../../content/site-content-defaults.ts";
import type { Announcement } from "../../domain/site-content/news-content.ts";
import type { SiteContent } from "../../domain/site-content/site-editions.ts";
import { liveSiteOverTheBuild } from "../../tests/support/live-site-over-the-build.ts";
import { pageRoutes } from "../pages/page-routes.ts";
import { createLinkCheck } from "./link-check.ts";
import type { LiveSite } from "./site-publisher.ts";

const keptId = "0b6f3a3e-8d1c-4c39-9a57-6f0f1c1d2e3f";

const announcement = (id: string, text: string): Announcement => ({
  id,
  title: `Объявление номер ${id}`,
  date: "2026-11-20",
  text,
});

const withHomeText = (text: string): SiteContent["home"] => ({
  sections: siteContentDefaults.home.sections.map((section, index) =>
    index === 0 ? { ...section, text } : section,
  ),
});

describe("the site's own links where content enters", () => {
  let live: LiveSite;
  before(async () => {
    live = await liveSiteOverTheBuild();
  });

  /** A check over the build, with `shown` published over the build's content. */
  const checkOver = (shown: Partial<SiteContent> = {}) =>
    createLinkCheck({
      served: (path) => live.file(path),
      shown: () => ({ ...siteContentDefaults, ...shown }),
      renderedPerRequest: new Set(
        pageRoutes
          .filter((route) => route.access.kind === "public" && route.methods.includes("GET"))
          .map((route) => route.path),
      ),
      keptFiles: async (ids) =>
        new Map(ids.filter((id) => id === keptId).map((id) => [id, "Устав 2026.pdf"])),
    });

  test("the build's content passes, every page of it, and nothing published is broken", async () => {
    const check = checkOver();
    for (const page of Object.keys(siteContentDefaults) as (keyof SiteContent)[]) {
      assert.equal(await check.check(page, siteContentDefaults[page]), undefined, page);
    }
    assert.deepEqual(await check.brokenNow(), []);
  });

  test("a link to an announcement the site does not have is refused beside its field", async () => {
    const refusal = await checkOver().check(
      "home",
      withHomeText("Подробнее — в [объявлении](/news/7)."),
    );
    assert.deepEqual(refusal, {
      ok: false,
      status: 400,
      field: "s0.text",
      message:
        "Ссылка «/news/7» в поле «Раздел „Государственное задание“» ведёт на объявление, которого нет на сайте. Исправьте или уберите ссылку.",
    });
  });

  test("a page, an anchor or a file the site lacks is refused; what it has passes", async () => {
    const check = checkOver();
    const refused = async (href: string) =>
      (await check.check("home", withHomeText(`См. [здесь](${href}).`)))?.message;
    assert.match(
      (await refused("/telefony")) ?? "",
      /«\/telefony».*ведёт на страницу, которой нет на сайте/,
    );
    assert.match(
      (await refused("/documents#ustav-2099")) ?? "",
      /ведёт к месту «#ustav-2099», которого нет на странице «Документы»/,
    );
    assert.match(
      (await refused(`/files/${keptId}/${encodeURIComponent("Другое.pdf")}`)) ?? "",
      /ведёт на файл, которого нет на сайте/,
    );
    assert.match((await refused("/docs/net-takogo.pdf")) ?? "", /ведёт на страницу/);
    for (const href of [
      "/documents#anti-corruption-title",
      "/contacts",
      "/search?q=почва",
      "/appeals/status",
      `/files/${keptId}/${encodeURIComponent("Устав 2026.pdf")}`,
      "/docs/antikorrupcionnaya-politika.pdf",
      "https://example.org/nowhere",
    ]) {
      assert.equal(await refused(href), undefined, href);
    }
  });

  test("an announcement this edition takes off: the news' own links and other pages' links", async () => {
    const news = {
      announcements: [
        announcement("2", "Бланки — на [странице бланков](/applications)."),
        announcement("1", "Первое."),
      ],
    };
    const check = checkOver({ news, home: withHomeText("Читайте [объявление](/news/1).") });
    // Another announcement of the same edition links to the one taken off: refused beside it.
    const own = await check.check("news", {
      announcements: [announcement("2", "См. [первое](/news/1).")],
    });
    assert.equal(own?.field?.startsWith("n0.text"), true);
    assert.match(own?.message ?? "", /«\/news\/1» в поле «Текст» объявления «Объявление номер 2»/);
    // The home page links to it: taking it off is refused, naming the page and the field.
    const linked = await check.check("news", {
      announcements: [news.announcements[0] as Announcement],
    });
    assert.deepEqual(linked, {
      ok: false,
      status: 400,
      message:
        "Объявление № 1 «Объявление номер 1» снять нельзя: на него ведёт ссылка в поле «Раздел „Государственное задание“» страницы «Главная: тексты разделов». Сначала исправьте или уберите ссылку там, затем опубликуйте снова.",
    });
    // Kept, it may be edited freely.
    assert.equal(await check.check("news", news), undefined);
  });

  test("a document other pages link to is not taken off the list", async () => {
    const without = (href: string) => ({
      groups: siteContentDefaults.documents.groups.map((group) => ({
        ...group,
        documents: group.documents.filter((document) => document.href !== href),
      })),
    });
    // The build's anticorruption texts link to its policy: taking it off is refused.
    const policy = await checkOver().check(
      "documents",
      without("/docs/antikorrupcionnaya-politika.pdf"),
    );
    assert.match(
      policy?.message ?? "",
      /^Файл «antikorrupcionnaya-politika\.pdf» убрать со страницы нельзя: на него ведёт ссылка в поле «Раздел „.+“» страницы «Противодействие коррупции: подразделы»/,
    );
    // A document nothing links to goes; once a home text links to it, it stays.
    const unlinked = "/docs/zakupki-msp-otchet.pdf";
    assert.equal(await checkOver().check("documents", without(unlinked)), undefined);
    const linked = await checkOver({
      home: withHomeText(`Наш [отчёт](${unlinked}).`),
    }).check("documents", without(unlinked));
    assert.match(
      linked?.message ?? "",
      /^Файл «zakupki-msp-otchet\.pdf» убрать со страницы нельзя: на него ведёт ссылка в поле «Раздел „Государственное задание“» страницы «Главная: тексты разделов»/,
    );
  });
});
