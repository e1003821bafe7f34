import assert from "node:assert/strict";
import { test } from "node:test";
import { gunzipSync } from "node:zlib";
import { siteUrlPlaceholder } from "../../domain/site/site-url-placeholder.ts";
import { posWidgetSlot } from "./pos-widget.ts";
import type { SiteFile } from "./site-files.ts";
import { applySiteSettings, personaliseHtml } from "./site-settings.ts";

function file(body: string, contentType: string): SiteFile {
  return {
    body: Buffer.from(body),
    gzip: Buffer.from("old"),
    contentType,
    cacheControl: "no-cache",
    etag: '"old"',
    modified: new Date(0),
  };
}

test("the SITE_URL placeholder becomes the configured address in pages, sitemap and robots", () => {
  const page = `<link rel="canonical" href="${siteUrlPlaceholder}/contacts"/>`;
  const site = applySiteSettings(
    {
      byPath: new Map([
        ["/contacts", file(page, "text/html; charset=utf-8")],
        ["/robots.txt", file(`Sitemap: ${siteUrlPlaceholder}/sitemap.xml`, "text/plain")],
        ["/images/a.png", file(siteUrlPlaceholder, "image/png")],
      ]),
      notFoundPage: file("<h1>Страница не найдена</h1>", "text/html; charset=utf-8"),
    },
    { siteUrl: "https://agrochem-kirov.ru" },
  );
  const contacts = site.byPath.get("/contacts");
  assert.equal(
    contacts?.body.toString(),
    '<link rel="canonical" href="https://agrochem-kirov.ru/contacts"/>',
  );
  // Fresh variants and ETag for a changed file; untouched files and binary files stay as they were.
  assert.equal(
    contacts && gunzipSync(contacts.gzip ?? Buffer.alloc(0)).toString(),
    contacts?.body.toString(),
  );
  assert.notEqual(contacts?.etag, '"old"');
  assert.match(
    site.byPath.get("/robots.txt")?.body.toString() ?? "",
    /https:\/\/agrochem-kirov.ru\/sitemap.xml/,
  );
  assert.equal(site.byPath.get("/images/a.png")?.etag, '"old"');
  assert.equal(site.notFoundPage.etag, '"old"');
});

test("the ПОС block fills the slot on /appeals only, and only with an id", () => {
  const html = `<main>${posWidgetSlot}<h2>Форма обращения</h2></main>`;
  const withId = personaliseHtml(html, "/appeals", { siteUrl: "https://a.ru", posWidgetId: "42" });
  assert.match(withId, /data-pos-id="42"/);
  assert.match(withId, /<script src="https:\/\/pos\.gosuslugi\.ru\/bin\/script\.min\.js" defer>/);
  assert.equal(
    personaliseHtml(html, "/contacts", { siteUrl: "https://a.ru", posWidgetId: "42" }),
    html,
  );
  assert.equal(personaliseHtml(html, "/appeals", { siteUrl: "https://a.ru" }), html);
});
