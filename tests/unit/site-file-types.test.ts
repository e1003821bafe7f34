// In tests/, not beside server/attachments/: it builds its ZIP containers with the sample-file
// writer of scripts/, which server/ may not import (tests/architecture/import-boundaries.ts).
// What an editor of the public site may upload, recognised by content (decision 0036): the office
// formats told apart inside their ZIP containers, a bare ZIP and an executable refused whatever
// their names say.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import { writeZip } from "../../scripts/sample-files/zip.ts";
import { checkedFile } from "../../server/attachments/checked-file.ts";
import { siteFileRules, UploadRefusal } from "../../server/attachments/upload-rules.ts";

const odf = (mimeType: string) =>
  writeZip([
    { name: "mimetype", data: mimeType },
    { name: "content.xml", data: "<office:document-content/>" },
    {
      name: "META-INF/manifest.xml",
      data: `<manifest:manifest><manifest:file-entry manifest:media-type="${mimeType}" manifest:full-path="/"/></manifest:manifest>`,
    },
  ]);

test("DOCX, XLSX, ODT and ODS are told apart inside their ZIP containers", async () => {
  const cases = [
    [await readFile("public/forms/sistema-zemledeliya.docx"), "docx"],
    [await readFile("public/forms/zayavka-laboratornye-issledovaniya.xlsx"), "xlsx"],
    [odf("application/vnd.oasis.opendocument.text"), "odt"],
    [odf("application/vnd.oasis.opendocument.spreadsheet"), "ods"],
  ] as const;
  for (const [content, extension] of cases) {
    const file = await checkedFile("бланк", content, siteFileRules);
    assert.equal(file.fileName, `бланк.${extension}`, extension);
  }
});

test("a bare ZIP and an executable named .pdf are refused in words", async () => {
  const zip = writeZip([{ name: "readme.txt", data: "text" }]);
  for (const [name, content] of [
    ["отчёт.docx", zip],
    ["ustav.pdf", await readFile("/usr/bin/true")],
  ] as const) {
    await assert.rejects(checkedFile(name, content, siteFileRules), (error: unknown) => {
      assert.ok(error instanceof UploadRefusal);
      assert.equal(error.status, 415);
      assert.match(error.message, new RegExp(`^Файл «${name.replace(".", "\\.")}» не принят`));
      return true;
    });
  }
});
