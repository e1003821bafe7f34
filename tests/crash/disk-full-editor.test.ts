// A full disk told to staff as such (issue 40, item 11): with 11 MiB free, publishing a 12 MiB PDF
// on the documents page answered «не удалось обратиться к хранилищу данных», retry in minutes,
// and lost the form. Now: the editor again with the text typed and «На диске сервера нет места»,
// and one line in the operators' log that says how much was free. The real server on a real
// small disk (a tmpfs of its own: root), as `npm start` runs it. Needs the built site.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { loadStoreConfig } from "../../server/config.ts";
import { openDataLayer } from "../../server/db/data-layer.ts";
import { killIfRunning, type ServerProcess, startServer } from "../support/server-process.ts";
import { fill, freeBytes, mountTmpfs, unmount } from "../support/small-disk.ts";
import { addStaffUser } from "../support/staff-fixtures.ts";
import { StaffHttpBrowser } from "../support/staff-http.ts";
import { decodeHtml, textOf } from "../support/staff-test-app.ts";
import { waitUntil } from "../support/wait-until.ts";

const mib = 1024 * 1024;
const password = "correct horse battery";
/** The server's reserve on this 64 MiB disk (DISK_RESERVE_MB). */
const reserve = { DISK_RESERVE_MB: "4" };
/** The title typed into the form before it was sent: it must come back. */
const typedTitle = "Положение о комиссии, набранное до отказа диска";

/** A PDF of `bytes` bytes: a page whose content stream is random (it does not compress). */
function bigPdf(bytes: number): Buffer {
  const head = Buffer.from(
    "%PDF-1.4\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R>> endobj\n",
    "latin1",
  );
  const tail = Buffer.from("\nendstream endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n", "latin1");
  const streamLength = bytes - head.length - tail.length - 40;
  const streamHead = Buffer.from(`4 0 obj <</Length ${streamLength}>> stream\n`, "latin1");
  const stream = randomBytes(bytes - head.length - tail.length - streamHead.length);
  return Buffer.concat([head, streamHead, stream, tail]);
}

/** The named fields of the form labelled `label`, as a browser would send them. */
function formFields(html: string, label: string): [string, string][] {
  const start = html.indexOf(`aria-label="${label}"`);
  assert.ok(start >= 0, `a form «${label}» on the page`);
  const form = html.slice(start, html.indexOf("</form>", start));
  const fields: [string, string][] = [];
  for (const [tag = ""] of form.matchAll(/<input [^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(tag)?.[1];
    const type = /type="([^"]*)"/.exec(tag)?.[1];
    if (!name || name === "_csrf" || type === "file" || type === "submit") continue;
    if ((type === "checkbox" || type === "radio") && !/ checked/.test(tag)) continue;
    fields.push([decodeHtml(name), decodeHtml(/value="([^"]*)"/.exec(tag)?.[1] ?? "")]);
  }
  for (const [, name = "", text = ""] of form.matchAll(
    /<textarea [^>]*name="([^"]*)"[^>]*>([\s\S]*?)<\/textarea>/g,
  )) {
    fields.push([decodeHtml(name), decodeHtml(text)]);
  }
  return fields;
}

test("publishing a file larger than the disk's free space: the disk named, the form kept, the free space logged", async () => {
  const dir = await mkdtemp(join(tmpdir(), "disk-full-editor-"));
  mountTmpfs(dir, 64);
  const url = `sqlite:${join(dir, "appeals.sqlite")}`;
  let server: ServerProcess | undefined;
  try {
    const data = await openDataLayer(loadStoreConfig({ DATABASE_URL: url, ...reserve }));
    try {
      await addStaffUser(data, "olga", password, { role: "head" });
    } finally {
      await data.close();
    }
    server = await startServer(url, reserve);
    const browser = new StaffHttpBrowser(server.baseUrl);
    await browser.signIn("olga", password);
    const editor = await browser.get("/staff/site/documents");
    assert.equal(editor.status, 200);
    const fields = formFields(editor.html, "Документы");
    const titleField = fields.find(([name]) => /^r0\.0\.title$/.test(name));
    assert.ok(titleField, `the first document's title among ${fields.map(([name]) => name)}`);
    titleField[1] = typedTitle;

    // 11 MiB free (the reserve is 4): a 12 MiB file does not fit, smaller writes do.
    fill(join(dir, "the-rest.bin"), freeBytes(dir) - 11 * mib);
    const free = freeBytes(dir);
    const form = new FormData();
    form.append("_csrf", browser.csrfToken);
    for (const [name, value] of fields) form.append(name, value);
    form.append("intent", "publish");
    const pdf = bigPdf(12 * mib);
    form.append(
      "r0.0.href.upload",
      new Blob([new Uint8Array(pdf)], { type: "application/pdf" }),
      "Положение.pdf",
    );
    const from = server.output().length;
    const response = await fetch(`${server.baseUrl}/staff/site/documents`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.baseUrl, cookie: browser.cookie },
      body: form,
    });
    const html = await response.text();

    assert.equal(response.status, 507, html.slice(0, 400));
    assert.match(textOf(html), /На диске сервера нет места: изменения не сохранены\. Текст формы/);
    assert.doesNotMatch(html, /не удалось обратиться к хранилищу данных/);
    assert.ok(html.includes(`value="${typedTitle}"`), "the title typed is in the form again");

    const line = await waitUntil(
      "the failure's line in the log",
      () =>
        server
          ?.output()
          .slice(from)
          .split("\n")
          .filter((text) => text.startsWith("{"))
          .map((text) => JSON.parse(text) as Record<string, unknown>)
          .find((entry) => entry.msg === "page failed"),
      30_000,
    );
    const inMiB = (bytes: number) => (bytes / mib).toFixed(1);
    console.log(
      `free before the upload ${inMiB(free)} MiB; logged at the failure ${inMiB(Number(line.freeBytes))} MiB (reserve ${inMiB(Number(line.reserveBytes))} MiB)`,
    );
    assert.equal(line.status, 507);
    assert.equal(line.diskFull, true);
    assert.equal(typeof line.freeBytes, "number");
    // What the store read when the write failed: less than the file needed (how much less
    // depends on what of the failed write's log was still on the disk when it was read).
    assert.ok(Number(line.freeBytes) < pdf.length, `${line.freeBytes} bytes free logged`);

    // The store is reachable: once space is freed the same form goes through.
    await rm(join(dir, "the-rest.bin"));
    const health = await waitUntil(
      "/healthz 200 once space is back",
      async () => (await fetch(`${server?.baseUrl}/healthz`)).status === 200,
      30_000,
    );
    assert.ok(health);
  } finally {
    await killIfRunning(server);
    unmount(dir);
    await rm(dir, { recursive: true, force: true });
  }
});
