// A file a page's content names is the stored file, never what the form's hidden fields say
// (issue 40): a forged post once published a stored PDF as `<img width="100000">` with a feed
// enclosure «image/png, 1 byte», and a PNG document labelled «(PDF, 1 Б)». Posted as the
// browser without JavaScript posts, by an editor who publishes directly. HTTP only; needs the build.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, test } from "node:test";
import { rowFieldName } from "../../domain/site-content/file-lists-form.ts";
import { testPasswordHash } from "../support/staff-fixtures.ts";
import { StaffHttpBrowser } from "../support/staff-http.ts";
import { decodeHtml } from "../support/staff-test-app.ts";
import { type RunningSite, startSite } from "./harness.ts";

const password = "correct horse battery staple";
/** A real 1×1 PNG (what an upload of a tiny picture keeps). */
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

let site: RunningSite;
let elena: StaffHttpBrowser;
const stored: Record<string, string> = {};

before(async () => {
  site = await startSite({ contentApproval: false });
  const at = new Date();
  await site.data.staffAccounts.addUser("elena", await testPasswordHash(password), at, {
    role: "editor",
  });
  const pdf = await readFile("tests/fixtures/answer-letter.pdf");
  await site.data.transaction(async (tx) => {
    for (const [key, file] of [
      ["pdf", { fileName: "js.pdf", mediaType: "application/pdf", content: pdf }],
      ["png", { fileName: "tochka.png", mediaType: "image/png", content: png }],
    ] as const) {
      const info = await site.data.attachments.insertSiteFile(file, at, tx);
      stored[key] = `/files/${info.id}/${encodeURIComponent(info.fileName)}`;
    }
  });
  elena = new StaffHttpBrowser(site.baseUrl);
  await elena.signIn("elena", password);
});
after(() => site?.close());

const announcement = (image: Record<string, string>) => ({
  intent: "publish",
  ncount: "1",
  "n0.id": "1",
  "n0.title": "Пункт приёма проб",
  "n0.date": "2026-11-25",
  "n0.text": "Принимаем пробы.",
  "n0.imageAlt": "Вход в пункт приёма проб",
  ...image,
});

test("a stored PDF posted as a picture with a picture's facts is refused; nothing is published", async () => {
  await elena.get("/staff/site/news");
  const forged = await elena.post(
    "/staff/site/news",
    announcement({
      "n0.imageHref": stored.pdf ?? "",
      "n0.imageFile": '{"format":"PNG","bytes":1,"warnings":[],"width":100000,"height":100000}',
    }),
  );
  assert.equal(forged.status, 400);
  assert.match(decodeHtml(forged.html), /Картинка объявления — это JPEG, PNG или WEBP\./);
  assert.equal(await site.data.siteEditions.published("news"), undefined);
  assert.equal((await fetch(`${site.baseUrl}/news/1`)).status, 404);
});

test("a file that is not stored is refused by name", async () => {
  const missing = await elena.post(
    "/staff/site/news",
    announcement({
      "n0.imageHref": "/files/01a21c53-5aba-7d4d-b079-0d057a505007/vhod.png",
      "n0.imageFile": '{"format":"PNG","bytes":1,"warnings":[],"width":1,"height":1}',
    }),
  );
  assert.equal(missing.status, 400);
  assert.match(decodeHtml(missing.html), /Файл «vhod\.png» не найден среди загруженных на сайт/);
});

test("a stored picture's forged size gives way to its own: the page and the feed say 1×1 PNG", async () => {
  const published = await elena.post(
    "/staff/site/news",
    announcement({
      "n0.imageHref": stored.png ?? "",
      "n0.imageFile": '{"format":"JPEG","bytes":7,"warnings":[],"width":100000,"height":100000}',
    }),
  );
  assert.equal(published.status, 303, published.html.slice(0, 300));
  const page = await (await fetch(`${site.baseUrl}/news/1`)).text();
  assert.match(page, /<img[^>]*width="1"[^>]*height="1"/);
  assert.doesNotMatch(page, /100000/);
  const feed = await (await fetch(`${site.baseUrl}/news/feed.atom`)).text();
  assert.match(
    feed,
    new RegExp(
      `rel="enclosure"[^>]*type="image/png"[^>]*length="${png.length}"|length="${png.length}"[^>]*type="image/png"`,
    ),
  );
});

test("a PNG document labelled PDF is published as the PNG it is", async () => {
  // The editor's form as the page fills it, the first document's file replaced.
  const editor = (await elena.get("/staff/site/documents")).html;
  const fields: Record<string, string> = {};
  for (const [, name = "", value = ""] of editor.matchAll(
    /<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g,
  )) {
    if (name !== "_csrf") fields[name] = decodeHtml(value);
  }
  for (const [, name = "", value = ""] of editor.matchAll(
    /<textarea[^>]*name="([^"]+)"[^>]*>([^<]*)</g,
  )) {
    fields[name] = decodeHtml(value);
  }
  assert.ok(fields[rowFieldName(0, 0, "title")], "the editor shows the first document");
  fields[rowFieldName(0, 0, "href")] = stored.png ?? "";
  fields[rowFieldName(0, 0, "file")] = '{"format":"PDF","bytes":1,"warnings":[]}';
  const posted = await elena.post("/staff/site/documents", { ...fields, intent: "publish" });
  assert.equal(posted.status, 303, posted.html.slice(0, 300));
  const page = decodeHtml(await (await fetch(`${site.baseUrl}/documents`)).text());
  assert.doesNotMatch(page, /PDF, 1\s?Б/);
  assert.match(page, new RegExp(`PNG, ${png.length}\\s?Б`));
});
