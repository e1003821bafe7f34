// The site's search (issue 29), over HTTP on both stores: Russian morphology («анализ почвы»
// finds «анализа почв»), one typo, «ё» as «е», a blank form's PDF text finds the form with a link
// to its file, nothing found says why and offers the usual pages, odd input is a 4xx or a page,
// never a 5xx; a draft is never found, its published version is, on this server and (PostgreSQL)
// on a second one that hears the publish; the query never reaches a log line. Needs the build.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { siteContentDefaults } from "../../content/site-content-defaults.ts";
import type { NewsContent } from "../../domain/site-content/news-content.ts";
import { siteFileAddress } from "../../domain/site-content/site-files.ts";
import { parseDatabaseUrl } from "../../server/config.ts";
import { openDataLayer } from "../../server/db/data-layer.ts";
import { approvalFields } from "../support/site-review-form.ts";
import { addStaffUser } from "../support/staff-fixtures.ts";
import { StaffClient } from "../support/staff-test-app.ts";
import { type TestDatabase, testDatabaseKinds } from "../support/test-databases.ts";
import { type RunningSite, startSite } from "./harness.ts";
import { assertValidHtml } from "./site-editor-checks.ts";

type Hit = {
  href: string;
  title: string;
  marked: string[];
  file?: string;
  best?: true;
  missing?: string[];
};

/**
 * The results as the page shows them: each title's link, its marked words, its file's link,
 * whether it is marked «Лучший ответ», the words «Не найдено».
 */
function hitsIn(html: string): Hit[] {
  return html
    .split('<li class="search-result')
    .slice(1)
    .map((item) => {
      const missing = /<p class="search-result__missing">([\s\S]*?)<\/p>/.exec(item)?.[1];
      const link = /<h2 class="search-result__title"><a href="([^"]*)">([^<]*)<\/a>/.exec(item);
      const file = /<a href="([^"]*)">Открыть файл/.exec(item)?.[1];
      return {
        href: link?.[1] ?? "",
        title: link?.[2] ?? "",
        marked: [...item.matchAll(/<mark>([^<]*)<\/mark>/g)].map((mark) => mark[1] ?? ""),
        ...(file ? { file } : {}),
        ...(item.includes('<p class="search-result__best">Лучший ответ</p>')
          ? { best: true as const }
          : {}),
        ...(missing
          ? { missing: [...missing.matchAll(/<s>([^<]*)<\/s>/g)].map((word) => word[1] ?? "") }
          : {}),
      };
    });
}

const announcement = (id: string, title: string, text: string) => ({
  id,
  title,
  date: "2026-03-02",
  text,
});

const published: NewsContent = {
  announcements: [
    announcement(
      "1",
      "Приём проб весной",
      "Сроки анализа почв в апреле: пробы принимаем по будням.",
    ),
    announcement("2", "Ёмкость катионного обмена", "Определяем ёмкость катионного обмена по ГОСТ."),
  ],
};

const draftWord = "Зябликовский";
const withDraft: NewsContent = {
  announcements: [
    ...published.announcements,
    announcement("3", `${draftWord} полигон`, "Открыт опытный полигон."),
  ],
};

const password = "correct horse battery";

const uploadedWord = "Zyxwvutsrq";
const uploadedTitle = "Протокол испытаний партии удобрений";

/** A one-page PDF of Latin text in Helvetica, its cross-reference table counted. */
function textPdf(text: string): Buffer {
  const stream = `BT /F1 12 Tf 20 50 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

for (const kind of testDatabaseKinds) {
  describe(`the site's search (${kind.name})`, { concurrency: false }, () => {
    let database: TestDatabase;
    let site: RunningSite;
    const logLines: string[] = [];

    before(async () => {
      database = await kind.create();
      // Published before the server starts: shown (and indexed) at start.
      const data = await openDataLayer(parseDatabaseUrl(database.url));
      const at = new Date();
      await data.transaction(async (tx) => {
        const id = await data.siteEditions.saveDraft(
          { page: "news", content: published, by: "hanna", at },
          tx,
        );
        assert.ok(
          await data.siteEditions.publish({ id, page: "news", from: "draft" }, "hanna", at, tx),
        );
        // A document whose file was uploaded (kept in the store): its PDF's words are searched.
        const pdf = textPdf(`Protocol ${uploadedWord} 2026`);
        const info = await data.attachments.insertSiteFile(
          { fileName: "protokol.pdf", mediaType: "application/pdf", content: pdf },
          at,
          tx,
        );
        const documents = structuredClone(siteContentDefaults.documents);
        documents.groups[0]?.documents.push({
          title: uploadedTitle,
          href: siteFileAddress(info.id, info.fileName),
          file: { format: "PDF", bytes: pdf.length, warnings: [] },
        });
        const documentsId = await data.siteEditions.saveDraft(
          { page: "documents", content: documents, by: "hanna", at },
          tx,
        );
        assert.ok(
          await data.siteEditions.publish(
            { id: documentsId, page: "documents", from: "draft" },
            "hanna",
            at,
            tx,
          ),
        );
      });
      await data.close();
      site = await startSite({ databaseUrl: database.url, logLines });
    });
    after(async () => {
      await site?.close();
      await database?.drop();
    });

    const search = async (query: string, on: RunningSite = site) => {
      const response = await fetch(`${on.baseUrl}/search?q=${encodeURIComponent(query)}`);
      assert.equal(response.status, 200, query);
      const html = await response.text();
      return { html, hits: hitsIn(html) };
    };

    test("«анализ почвы» finds «анализа почв», its words marked", async () => {
      const { hits } = await search("анализ почвы");
      const hit = hits.find((found) => found.href === "/news/1");
      assert.ok(hit, JSON.stringify(hits));
      assert.equal(hit.title, "Приём проб весной");
      assert.deepEqual(hit.marked, ["анализа", "почв"]);
    });

    test("one typo still finds: «вакансиии», «агрохимк»", async () => {
      for (const query of ["вакансиии", "агрохимк"]) {
        const { hits } = await search(query);
        assert.ok(
          hits.some((hit) => hit.href === "/vacancies"),
          `${query}: ${JSON.stringify(hits)}`,
        );
      }
    });

    test("«емкость» and «ёмкость» find «Ёмкость»", async () => {
      for (const query of ["емкость", "ёмкость", "ЕМКОСТЬ"]) {
        const { hits } = await search(query);
        assert.equal(hits[0]?.href, "/news/2", `${query}: ${JSON.stringify(hits)}`);
        // The snippet is the page's own text, its heading (the result's title) left out.
        assert.deepEqual(hits[0]?.marked, ["ёмкость"]);
      }
    });

    test("a blank form's PDF text finds the form, with a link to its file", async () => {
      const page = await (await fetch(`${site.baseUrl}/applications`)).text();
      assert.doesNotMatch(page, /кадастров/i, "the word is in the PDF only");
      const { hits } = await search("кадастровый номер");
      const form = hits.find((hit) => hit.file === "/forms/agrokhimicheskoe-obsledovanie.pdf");
      assert.ok(form, JSON.stringify(hits));
      assert.equal(
        form.title.replaceAll("\u00a0", " "),
        "Заявка на проведение агрохимического обследования земель",
      );
      assert.equal(form.href, "/applications");
      assert.deepEqual(form.marked, ["кадастровый", "номер"]);
      const file = await fetch(`${site.baseUrl}${form.file}`);
      assert.equal(file.headers.get("content-type"), "application/pdf");
    });

    test("an uploaded document's PDF text (from the store) finds it, with a link to the file", async () => {
      const { hits } = await search(uploadedWord);
      assert.equal(hits.length, 1, JSON.stringify(hits));
      assert.equal(hits[0]?.title.replaceAll("\u00a0", " "), uploadedTitle);
      assert.equal(hits[0]?.href, "/documents");
      assert.deepEqual(hits[0]?.marked, [uploadedWord]);
      const file = await fetch(`${site.baseUrl}${hits[0]?.file}`);
      assert.equal(file.status, 200);
      assert.equal(file.headers.get("content-type"), "application/pdf");
    });

    test("common words need not be on the page; pages with some of the words name the rest", async () => {
      // Issue 42: every word was required, «как» and «на» too: these found nothing.
      const appeal = await search("как подать обращение");
      assert.ok(
        appeal.hits.slice(0, 3).some((hit) => hit.href === "/appeals"),
        JSON.stringify(appeal.hits.slice(0, 3)),
      );
      const partial = await search("анализ почвы зюзюбликовщина");
      assert.ok(partial.hits.length > 0, "found by the words that are there");
      for (const hit of partial.hits) assert.deepEqual(hit.missing?.at(-1), "зюзюбликовщина");
      assert.match(partial.html, /Страниц со всеми словами запроса нет\./);
      assert.match(partial.html, /Не найдено: <span><s>зюзюбликовщина<\/s><\/span>/);
    });

    test("the editors' synonyms and best answers of the content's defaults are applied", async () => {
      const phone = await search("Телефон");
      assert.equal(phone.hits[0]?.href, "/contacts");
      assert.equal(phone.hits[0]?.best, true, "marked «Лучший ответ»");
      assert.equal(phone.hits.filter((hit) => hit.best).length, 1);
      const partial = await search("анализ почвы зюзюбликовщина");
      // The marks are valid HTML (axe, 320 px and 200 % on the results page: tests/e2e/menu.test.ts).
      await assertValidHtml([
        { name: "best-answer.html", html: phone.html },
        { name: "partial.html", html: partial.html },
      ]);
      const sout = await search("СОУТ");
      assert.ok(
        sout.hits.slice(0, 3).some((hit) => hit.href === "/special-assessment"),
        JSON.stringify(sout.hits.slice(0, 3)),
      );
    });

    test("nothing found and an empty query say why and offer the usual pages", async () => {
      const usual = [
        '<a href="/services">Услуги и цены</a>',
        '<a href="/documents">Документы</a>',
        '<a href="/contacts">Контакты</a>',
        '<a href="/appeals">Обращения граждан</a>',
      ];
      const nothing = await search("зюзюбликовщина");
      assert.match(nothing.html, /По запросу «зюзюбликовщина» ничего не найдено\./);
      const empty = await search("");
      assert.match(empty.html, /Введите в поле слово или несколько слов/);
      for (const { html } of [nothing, empty]) {
        assert.equal(hitsIn(html).length, 0);
        for (const link of usual) assert.ok(html.includes(link), link);
        assert.match(html, /<meta name="robots" content="noindex, nofollow"\/>/);
        assert.doesNotMatch(html, /<script\b[^>]*\bsrc=/, "no script loaded");
      }
    });

    test("odd input is answered with a page or a 4xx, never a 5xx", async () => {
      const odd = [
        "/search?q=почва&q=анализ",
        "/search?q[]=почва",
        "/search?q=%FF%FE%E0%A4",
        "/search?q=%",
        `/search?q=${encodeURIComponent(`${"почва ".repeat(60)}анализ`)}`,
        `/search?q=${"я".repeat(20_000)}`,
      ];
      for (const path of odd) {
        const response = await fetch(`${site.baseUrl}${path}`);
        await response.arrayBuffer();
        assert.ok(response.status < 500, `${path.slice(0, 40)}: ${response.status}`);
      }
      // Over 200 characters: the rest is never read (the word cut there with it).
      const long = await search(`${"почва ".repeat(33)}зюзюбликовщина`);
      assert.ok(long.hits.length > 0, "the words past 200 characters are not searched");
    });

    test("a draft is never found; once published it is, on every server", async () => {
      const head = new StaffClient(site.app);
      await addStaffUser(site.data, "hanna", password, { role: "head" });
      assert.equal((await head.signIn("hanna", password)).statusCode, 302);
      // On PostgreSQL a second server on the same store hears the publish (decision 0030).
      const other =
        kind.name === "PostgreSQL" ? await startSite({ databaseUrl: database.url }) : undefined;
      try {
        const at = new Date();
        const id = await site.data.transaction(async (tx) => {
          const draft = await site.data.siteEditions.saveDraft(
            { page: "news", content: withDraft, by: "elena", at },
            tx,
          );
          assert.ok(await site.data.siteEditions.submit(draft, "elena", at, tx));
          return draft;
        });
        assert.deepEqual((await search(draftWord)).hits, [], "a draft is not found");
        const review = approvalFields((await head.get("/staff/site/news")).body);
        assert.equal(review.edition, String(id));
        const approved = await head.post("/staff/site/news", { intent: "approve", ...review });
        assert.equal(approved.statusCode, 303, approved.body.slice(0, 300));
        const publishedAt = performance.now();
        for (const server of [site, ...(other ? [other] : [])]) {
          const hits = await waitForHits(() => search(draftWord, server));
          assert.equal(hits[0]?.href, "/news/3");
          assert.equal(hits[0]?.title, `${draftWord} полигон`);
          // The issue's 2 s from a publish to the change found, as for the page itself.
          const ms = Math.round(performance.now() - publishedAt);
          console.log(
            `# ${kind.name}: the published announcement found ${ms} ms after the publish answered`,
          );
          assert.ok(ms < 2000, `found only ${ms} ms after the publish answered`);
        }
      } finally {
        await other?.close();
      }
    });

    test("the query never reaches a log line", async () => {
      const typed = "Секретныйзапрос почвы";
      await search(typed);
      await fetch(`${site.baseUrl}/search/?q=${encodeURIComponent(typed)}`);
      const lines = logLines.filter((line) => line.includes('"path":"/search'));
      assert.ok(lines.length > 0, "the searches are logged");
      for (const line of logLines) {
        assert.doesNotMatch(line, /Секретныйзапрос|%D0%A1|q=/i, line);
      }
    });
  });
}

/**
 * The hits once there are some: a publish is shown within moments; at most 20 s is waited, so a
 * miss shows how late it came rather than a bare timeout.
 */
async function waitForHits(read: () => Promise<{ hits: Hit[] }>): Promise<Hit[]> {
  for (let tries = 0; ; tries++) {
    const { hits } = await read();
    if (hits.length > 0 || tries >= 200) return hits;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
