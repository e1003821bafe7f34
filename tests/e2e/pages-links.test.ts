// Every internal link and every file the nine content pages point at answers 200, and every
// download is served with the right content type and is a file of its kind.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { siteForTests } from "./harness.ts";
import { fetchHtml, internalUrls } from "./raw-html.ts";
import { allPages } from "./site-pages.ts";

const env = siteForTests();

const contentPaths = allPages.map((page) => page.path).filter((path) => path !== "/appeals");

/** Content type and first bytes of each kind of download. */
const downloadKinds: Record<string, { type: string; magic: (body: Buffer) => boolean }> = {
  pdf: { type: "application/pdf", magic: (body) => body.subarray(0, 5).toString() === "%PDF-" },
  docx: {
    type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    magic: isZip,
  },
  xlsx: {
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    magic: isZip,
  },
  svg: {
    type: "image/svg+xml",
    magic: (body) => /<svg[\s>]/.test(body.subarray(0, 2000).toString()),
  },
  png: { type: "image/png", magic: (body) => body.subarray(1, 4).toString() === "PNG" },
  webp: { type: "image/webp", magic: (body) => body.subarray(8, 12).toString() === "WEBP" },
  avif: { type: "image/avif", magic: (body) => body.subarray(4, 12).toString().startsWith("ftyp") },
};

function isZip(body: Buffer): boolean {
  return body[0] === 0x50 && body[1] === 0x4b && body[2] === 0x03 && body[3] === 0x04;
}

/** Office files are zip packages: the one a page links must hold its main part. */
function holdsPart(body: Buffer, part: string): boolean {
  return body.includes(Buffer.from(part));
}

describe("internal links and downloads of the content pages", () => {
  for (const path of contentPaths) {
    test(`${path}: every internal href and src answers 200; downloads have their type`, async () => {
      const html = await fetchHtml(env.site.baseUrl, path);
      const urls = internalUrls(html);
      assert.ok(urls.length >= 10, `${path} links ${urls.length} internal addresses`);
      const failures: string[] = [];
      let downloads = 0;
      for (const url of urls) {
        const response = await fetch(new URL(url, env.site.baseUrl));
        if (response.status !== 200) {
          failures.push(`${url} -> ${response.status}`);
          continue;
        }
        const extension =
          new URL(url, env.site.baseUrl).pathname.match(/\.([a-z0-9]+)$/)?.[1] ?? "";
        const kind = /^\/(docs|forms|images)\//.test(url) ? downloadKinds[extension] : undefined;
        if (!kind) {
          await response.arrayBuffer();
          continue;
        }
        downloads += 1;
        const body = Buffer.from(await response.arrayBuffer());
        const type = response.headers.get("content-type") ?? "";
        if (!type.startsWith(kind.type)) failures.push(`${url}: content-type ${type}`);
        if (!kind.magic(body)) failures.push(`${url}: not a ${extension} file`);
        if (extension === "docx" && !holdsPart(body, "word/document.xml"))
          failures.push(`${url}: no word/document.xml`);
        if (extension === "xlsx" && !holdsPart(body, "xl/workbook.xml"))
          failures.push(`${url}: no xl/workbook.xml`);
      }
      assert.deepEqual(failures, []);
      const expectedDownloads: Record<string, number> = {
        "/documents": 13,
        "/applications": 24,
        "/contacts": 1,
        "/structure": 1,
      };
      if (path in expectedDownloads) {
        assert.ok(
          downloads >= (expectedDownloads[path] ?? 0),
          `${path}: ${downloads} downloads checked`,
        );
      }
    });
  }

  test("same-page anchors point at elements that exist", async () => {
    for (const path of contentPaths) {
      const html = await fetchHtml(env.site.baseUrl, path);
      for (const match of html.matchAll(/href="#([^"]+)"/g)) {
        assert.match(html, new RegExp(`id="${match[1]}"`), `${path}: #${match[1]}`);
      }
    }
  });
});
