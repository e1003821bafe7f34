// The links' check on both stores (issue 43, decision 0061): which site files are kept, by id and
// name, in one query; a run's answers kept with the places linking to each address, addresses no
// text holds forgotten, the broken ones listed and counted; and the daily run bounded, the never
// checked and the longest unchecked first, against a local HTTP server (never the internet) on an
// injected clock.
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { siteContentDefaults } from "../../content/site-content-defaults.ts";
import type { SiteContent } from "../../domain/site-content/site-editions.ts";
import { samplePdf } from "../../tests/support/appeal-files.ts";
import { contractSuite } from "../../tests/support/data-layer-contract.ts";
import { runLinkCheck } from "../site-content/link-check-job.ts";
import type { LinkPlace } from "./link-checks-repository.ts";

const at = new Date("2026-11-20T01:30:00Z");
const noSuchId = "00000000-0000-4000-8000-000000000000";
const place = (fieldLabel: string): LinkPlace => ({ page: "home", field: "s0.text", fieldLabel });

let server: Server;
let base = "";
const asked: string[] = [];
before(async () => {
  server = createServer((request, response) => {
    asked.push(`${request.method} ${request.url}`);
    response.writeHead(request.url === "/gone" ? 404 : 200).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The build's content with the home page's first section linking to these addresses. */
const linkingTo = (hrefs: readonly string[]): SiteContent => ({
  ...siteContentDefaults,
  // No other web link: the build's own texts link to real sites, never asked here.
  ...Object.fromEntries(
    Object.entries(siteContentDefaults)
      .filter(([, content]) => Array.isArray((content as { sections?: unknown }).sections))
      .map(([page, content]) => [
        page,
        {
          sections: (content as SiteContent["home"]).sections.map((section) => ({
            ...section,
            text: "Текст без ссылок.",
          })),
        },
      ]),
  ),
  home: {
    sections: siteContentDefaults.home.sections.map((section, index) =>
      index === 0
        ? { ...section, text: hrefs.map((href, n) => `[ссылка ${n}](${href})`).join(" ") }
        : { ...section, text: "Текст без ссылок." },
    ),
  },
});

contractSuite(import.meta.filename, (store) => {
  const checks = () => store.data.linkChecks;

  test("the site files kept are found by id in one query, with their names", async () => {
    const kept = await store.data.transaction((tx) =>
      store.data.attachments.insertSiteFile(
        { fileName: "Устав.pdf", mediaType: "application/pdf", content: samplePdf },
        at,
        tx,
      ),
    );
    assert.deepEqual(
      await checks().keptSiteFiles([kept.id, noSuchId]),
      new Map([[kept.id, "Устав.pdf"]]),
    );
    assert.deepEqual(await checks().keptSiteFiles([]), new Map());
  });

  test("a run's answers are kept with their places; addresses no text holds are forgotten", async () => {
    await checks().record({
      links: [
        { href: "https://a.example/1", places: [place("«Раздел „А“»")] },
        { href: "https://b.example/2", places: [place("«Раздел „Б“»")] },
        { href: "https://c.example/3", places: [] },
      ],
      results: [
        { href: "https://a.example/1", status: 404, problem: "Сайт ответил кодом 404." },
        { href: "https://b.example/2", status: 200, problem: null },
      ],
      at,
    });
    assert.equal(await checks().countBroken(), 1);
    const later = new Date(at.getTime() + 86_400_000);
    await checks().record({
      links: [
        { href: "https://a.example/1", places: [place("«Раздел „А“»"), place("«Раздел „В“»")] },
        { href: "https://d.example/4", places: [place("«Раздел „Г“»")] },
      ],
      results: [{ href: "https://d.example/4", status: null, problem: "Сайт недоступен." }],
      at: later,
    });
    assert.deepEqual(await checks().broken(), [
      {
        href: "https://a.example/1",
        places: [place("«Раздел „А“»"), place("«Раздел „В“»")],
        checkedAt: at.toISOString(),
        status: 404,
        problem: "Сайт ответил кодом 404.",
      },
      {
        href: "https://d.example/4",
        places: [place("«Раздел „Г“»")],
        checkedAt: later.toISOString(),
        status: null,
        problem: "Сайт недоступен.",
      },
    ]);
    assert.deepEqual((await checks().list()).map((row) => row.href).sort(), [
      "https://a.example/1",
      "https://d.example/4",
    ]);
    assert.equal(await checks().countBroken(), 2);
    await checks().record({ links: [], results: [], at: later });
    assert.deepEqual(await checks().list(), []);
  });

  test("a daily run asks at most its share, the never checked and the longest unchecked first", async () => {
    let clock = 0;
    const check = {
      now: () => clock,
      wait: async (ms: number) => {
        clock += ms;
      },
    };
    const hrefs = [`${base}/one`, `${base}/gone`, `${base}/three`];
    const content = linkingTo(hrefs);
    asked.length = 0;
    const first = await runLinkCheck({
      data: store.data,
      content,
      siteUrl: "https://agrochem-kirov.example",
      at,
      maxPerRun: 2,
      check,
    });
    assert.deepEqual(first, { links: 3, checked: 2, broken: 1 });
    assert.deepEqual(asked, ["HEAD /one", "HEAD /gone"]);
    // One request a second to the one host: the clock moved by the wait, nothing slept.
    assert.equal(clock, 1_000);
    asked.length = 0;
    await runLinkCheck({
      data: store.data,
      content,
      siteUrl: "https://agrochem-kirov.example",
      at: new Date(at.getTime() + 86_400_000),
      maxPerRun: 2,
      check,
    });
    assert.deepEqual(asked, ["HEAD /three", "HEAD /one"]);
    const [broken] = await checks().broken();
    assert.equal(broken?.href, `${base}/gone`);
    assert.equal(broken?.places[0]?.fieldLabel, "«Раздел „Государственное задание“»");
    assert.equal(broken?.places[0]?.page, "home");
  });
});
