// /documents, /applications, /contacts, /structure and /vacancies: what a visitor without
// JavaScript gets in the raw HTML, with the exact strings and numbers of the specification.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { openPage, siteAndBrowserForTests } from "./harness.ts";
import { fetchHtml, inlineText, mainText, plainText, rubles } from "./raw-html.ts";

const env = siteAndBrowserForTests();

/** Each <a> of the HTML with its href and its text (what a screen reader reads as its name). */
function anchors(html: string): { href: string; text: string }[] {
  return [...html.matchAll(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((match) => ({
    href: match[1] ?? "",
    text: inlineText(match[2] ?? ""),
  }));
}

const sizeLabel = (format: string) => new RegExp(`\\(${format}, \\d+(,\\d)? (Б|КБ|МБ)\\)$`);

describe("/documents", () => {
  test("heading, five groups of PDF links with site address, format and size", async () => {
    const html = await fetchHtml(env.site.baseUrl, "/documents");
    assert.match(html, /<h1>Находится в процессе обновления<\/h1>/);
    const text = plainText(html);
    for (const group of [
      "Документы учреждения",
      "Охрана труда",
      "Антимонопольный комплаенс",
      "Противодействие коррупции",
      "Закупки у субъектов малого и среднего предпринимательства",
    ]) {
      assert.match(
        html,
        new RegExp(`<h2 id="[a-z-]+-title">${group.replace(/ /g, "[ \u00A0]")}</h2>`),
        group,
      );
    }
    const documents = anchors(html).filter((anchor) => anchor.href.startsWith("/docs/"));
    assert.ok(documents.length >= 10, `${documents.length} documents`);
    for (const document of documents) {
      assert.match(document.href, /^\/docs\/[a-z0-9-]+\.pdf$/);
      assert.match(document.text, sizeLabel("PDF"), document.text);
      assert.ok(
        text.includes(`agrochem-kirov.example${document.href}`),
        `address of ${document.href}`,
      );
    }
    for (const title of ["Устав", "Кодекс этики"]) {
      assert.ok(
        documents.some((document) => document.text.startsWith(title)),
        title,
      );
    }
  });

  test("accreditation: link to the public register and the certificate image", async () => {
    const html = await fetchHtml(env.site.baseUrl, "/documents");
    assert.match(html, /<a href="https:\/\/pub\.fsa\.gov\.ru\/ral">/);
    const image = html.match(
      /<img\b[^>]*src="\/images\/accreditation-certificate-sample\.svg"[^>]*>/,
    )?.[0];
    assert.ok(image, "certificate image");
    assert.match(image, /alt="[^"]{20,}"/);
    assert.match(image, /width="\d+" height="\d+"/);
    assert.match(image, /loading="lazy"/);
  });
});

describe("/applications", () => {
  test("the laboratory request in XLSX and PDF; the centre's 11 forms in DOCX and PDF", async () => {
    const html = await fetchHtml(env.site.baseUrl, "/applications");
    const main = html.match(/<main\b[\s\S]*<\/main>/)?.[0] ?? "";
    const sections = main.match(/<section\b[\s\S]*?<\/section>/g) ?? [];
    assert.equal(sections.length, 2);
    const [testingCentre = "", agroecologyCentre = ""] = sections;
    assert.ok(plainText(testingCentre).includes("Испытательный центр"));
    assert.ok(
      plainText(agroecologyCentre).includes(
        "Центр агроэкологического мониторинга, проектирования и ГИС",
      ),
    );

    const labLinks = anchors(testingCentre);
    assert.deepEqual(
      labLinks.map((link) => link.href.split(".").pop()),
      ["xlsx", "pdf"],
    );
    const centreLinks = anchors(agroecologyCentre);
    assert.equal(centreLinks.length, 22);
    assert.equal(centreLinks.filter((link) => link.href.endsWith(".docx")).length, 11);
    assert.equal(centreLinks.filter((link) => link.href.endsWith(".pdf")).length, 11);

    for (const link of [...labLinks, ...centreLinks]) {
      // The name says which form and which format: 'Заявка … — Скачать в Word (DOCX, 30 КБ)'.
      assert.match(
        link.text,
        /^Заявка .+ — Скачать в (Word|Excel|PDF) \((DOCX|XLSX|PDF), \d+(,\d)? (Б|КБ|МБ)\)$/,
        link.text,
      );
    }
    const text = plainText(html);
    for (const topic of [
      "агрохимического обследования",
      "побочных продуктов",
      "культуртехнической мелиорации",
      "известкование и фосфоритование",
      "рекультивации нарушенных земель",
      "системы земледелия",
      "многолетних насаждений",
      "золу крематория",
    ]) {
      assert.ok(text.includes(topic), topic);
    }
  });
});

describe("/contacts", () => {
  test("phone banner, three table groups, mailto rows, hours, legal details, map", async () => {
    const html = await fetchHtml(env.site.baseUrl, "/contacts");
    const text = plainText(html);
    const banner = html.match(/<section class="phone-banner"[\s\S]*?<\/section>/)?.[0] ?? "";
    assert.match(banner, /<a href="tel:\+78332\d+">\(8332\) [^<]+<\/a>/);

    const table = html.match(/<table\b[\s\S]*?<\/table>/)?.[0] ?? "";
    assert.match(table, /<caption\b/);
    assert.equal(table.match(/<th scope="col">/g)?.length, 4);
    const groups = [...table.matchAll(/<th scope="rowgroup" colSpan="4">([^<]+)<\/th>/gi)].map(
      (match) => match[1]?.replace(/\u00A0/g, " "),
    );
    assert.deepEqual(groups, [
      "Общие контакты",
      "Испытательный центр",
      "Центр агроэкологического мониторинга, проектирования и ГИС",
    ]);
    const rows =
      table.match(/<tr(?: class="contacts-table__head")?>\s*<th scope="row">[\s\S]*?<\/tr>/g) ?? [];
    assert.ok(rows.length >= 9, `${rows.length} rows`);
    for (const row of rows) {
      assert.match(row, /<a href="mailto:[^"@]+@[^"]+">/);
      assert.match(row, /<td class="contacts-table__extension" data-label="Доб\.">\d{2,5}<\/td>/);
    }
    // Bold rows (heads of units) are marked up as such.
    assert.ok(table.match(/<tr class="contacts-table__head"><th scope="row"><strong>/g)?.length);

    for (const phrase of [
      "Понедельник — четверг",
      "8.00–17.00",
      "Пятница",
      "8.00–16.00",
      "Обед",
      "12.00–13.00",
    ]) {
      assert.ok(text.includes(phrase), phrase);
    }
    for (const label of [
      "Юридический адрес",
      "Фактический адрес",
      "ИНН",
      "КПП",
      "ОГРН",
      "БИК",
      "Казначейский счёт",
      "Основание полномочий",
    ]) {
      assert.ok(text.includes(label), label);
    }
    assert.match(html, /<a class="download-link" href="\/docs\/rekvizity\.docx">/);
    const iframe = html.match(/<iframe\b[^>]*>/)?.[0] ?? "";
    assert.match(iframe, /title="Карта: [^"]+"/);
    assert.match(iframe, /loading="lazy"/);
    assert.ok(anchors(html).some((anchor) => anchor.href.startsWith("https://yandex.ru/maps/")));
  });

  test("320 px: the table scrolls in its own focusable region, the page does not", async () => {
    const watched = await openPage(env.browser, { viewport: { width: 320, height: 640 } });
    const { page } = watched;
    try {
      await page.goto(`${env.site.baseUrl}/contacts`, { waitUntil: "load" });
      const region = page.getByRole("region", { name: /Сотрудники: должность/ });
      assert.equal(await region.getAttribute("tabindex"), "0");
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.equal(overflow, 0);
      await region.focus();
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("End");
      // The keys scroll the region smoothly: wait for it (on a busy machine it takes a while).
      const scrolled = await region.elementHandle();
      await page.waitForFunction(
        (element) =>
          element !== null &&
          (element.scrollLeft > 0 || element.scrollWidth <= element.clientWidth),
        scrolled,
        { timeout: 10_000 },
      );
      assert.deepEqual(watched.consoleErrors, []);
    } finally {
      await watched.close();
    }
  });
});

describe("/structure", () => {
  test("director's biography, the chart as nested lists, the chart image download", async () => {
    const html = await fetchHtml(env.site.baseUrl, "/structure");
    const text = plainText(html);
    assert.ok(text.includes("Директор"));
    assert.match(
      html,
      /<div class="org-chart"><ul class="org-chart__level org-chart__level--root"/,
    );
    const units = html.match(/<span class="org-chart__name">/g)?.length ?? 0;
    assert.ok(units >= 10, `${units} units in the chart`);
    for (const unit of ["Испытательный центр", "Бухгалтерия", "Агрохимическая лаборатория"]) {
      assert.ok(text.includes(unit), unit);
    }
    const image = anchors(html).find((anchor) => anchor.href === "/images/organisation-chart.svg");
    assert.ok(image, "link to the chart image");
    assert.match(image.text, sizeLabel("SVG"));
  });
});

describe("/vacancies", () => {
  test("both postings with every condition of the specification", async () => {
    const html = await fetchHtml(env.site.baseUrl, "/vacancies");
    const articles = html.match(/<article\b[\s\S]*?<\/article>/g) ?? [];
    assert.equal(articles.length, 2);
    const [chemist = "", economist = ""] = articles.map(mainText);
    assert.ok(chemist.includes("Химик-агрохимик"));
    assert.ok(chemist.includes(rubles("45 000")), "45 000 ₽ with non-breaking spaces");
    const plainChemist = chemist.replace(/[\s\u00A0]+/g, " ");
    for (const phrase of [
      "в месяц на руки",
      "1–3 года",
      "полная",
      "5/2",
      "Рабочие часы 8",
      "на месте работодателя",
    ]) {
      assert.ok(plainChemist.includes(phrase), `chemist: ${phrase}`);
    }
    assert.ok(economist.includes("Экономист"));
    assert.ok(economist.includes(rubles("55 000")));
    const plainEconomist = economist.replace(/[\s\u00A0]+/g, " ");
    for (const phrase of ["в месяц", "два раза в месяц", "1–3 года", "5/2"]) {
      assert.ok(plainEconomist.includes(phrase), `economist: ${phrase}`);
    }
    assert.ok(!plainEconomist.includes("на руки"), "the economist's pay is not stated as net");
  });
});
