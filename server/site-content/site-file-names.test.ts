// Every file name an upload keeps can be downloaded by its address (issue 40, item 5): names of
// 101–150 characters were kept and published, then answered 404, because the router took a path
// parameter of 100 characters at most. And an address too long for the server (a 60 KB URL) is
// answered by a Russian page, not by Node's English JSON. Over real HTTP: the app listening on a
// port, as the server runs it.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, test } from "node:test";
import { maxFileNameLength } from "../../domain/attachments/submitted-file.ts";
import { startStaffTestApp } from "../../tests/support/staff-test-app.ts";
import { createSqliteDatabase } from "../../tests/support/test-databases.ts";
import { checkedFile } from "../attachments/checked-file.ts";
import { siteFileRules } from "../attachments/upload-rules.ts";
import { createSiteFileService } from "./site-file-service.ts";

const database = await createSqliteDatabase();
const site = await startStaffTestApp({ databaseUrl: database.url });
let baseUrl = "";
const head = { login: "head", role: "head" } as const;

before(async () => {
  baseUrl = await site.app.listen({ port: 0, host: "127.0.0.1" });
});

after(async () => {
  await site.close();
  await database.drop();
});

async function keptAddress(name: string): Promise<{ href: string; fileName: string }> {
  const bytes = await readFile("build/client/docs/ustav.pdf");
  const file = await checkedFile(name, bytes, siteFileRules);
  const [kept] = await createSiteFileService({ data: site.data }).keep(head, [file]);
  assert.ok(kept);
  return kept;
}

test("a long Cyrillic name, and the longest one kept, download by their addresses", async () => {
  const realistic =
    "Положение о комиссии по соблюдению требований к служебному поведению и урегулированию конфликта интересов.pdf";
  const longest = `${"Я".repeat(maxFileNameLength - 4)}.pdf`;
  // Characters outside the BMP are two UTF-16 units each: the longest name in code units.
  const astral = `${"𝔄".repeat(maxFileNameLength - 4)}.pdf`;
  for (const name of [realistic, longest, astral]) {
    const kept = await keptAddress(name);
    assert.equal(kept.fileName, name, "the name is kept whole");
    const response = await fetch(`${baseUrl}${kept.href}`);
    assert.equal(response.status, 200, `${Array.from(name).length} characters: ${kept.href}`);
    assert.equal(response.headers.get("content-type"), "application/pdf");
    assert.match(response.headers.get("content-disposition") ?? "", /filename\*=UTF-8''/);
  }
});

test("an address too long for the server gets a Russian page, 414 or 431", async () => {
  for (const path of [
    // A 10,000-character search query: 60 KB once percent-encoded.
    `/search?q=${encodeURIComponent("поиск".repeat(2000))}`,
    `/${"x".repeat(60_000)}`,
  ]) {
    const response = await fetch(`${baseUrl}${path}`);
    assert.ok([414, 431].includes(response.status), `${response.status}`);
    assert.match(response.headers.get("content-type") ?? "", /^text\/html; charset=utf-8/);
    const html = await response.text();
    assert.match(html, /<html lang="ru">/);
    assert.match(html, /<title>[^<]*слишком длинный[^<]*<\/title>/i);
    assert.match(html, /<h1>/);
  }
});
