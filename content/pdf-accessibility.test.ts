import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import PDFDocument from "pdfkit";
import { collectLinkedFiles } from "./content-check.server.ts";
import { pdfAccessibilityProblems, untaggedPdfWarnings } from "./pdf-accessibility.server.ts";
import { publicFilePath } from "./public-dir.server.ts";

function pdfOf(options: PDFKit.PDFDocumentOptions): Promise<Buffer> {
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) =>
    doc.on("end", () => resolve(Buffer.concat(chunks))),
  );
  doc.text("Sample");
  doc.end();
  return done;
}

test("every PDF the site links is tagged, with a structure tree and the language ru", async () => {
  const pdfs = (await collectLinkedFiles()).filter((href) => href.endsWith(".pdf"));
  // 12 documents, the personal-data policy and 12 blank forms.
  assert.equal(pdfs.length, 25);
  for (const href of pdfs) {
    const bytes = readFileSync(publicFilePath(href));
    assert.deepEqual(pdfAccessibilityProblems(bytes), [], href);
    const text = bytes.toString("latin1");
    assert.match(text, /\/DisplayDocTitle true/, `${href} shows its title in the window`);
    assert.match(text, /\/S \/H1/, `${href} has a heading in its structure`);
  }
  assert.deepEqual(untaggedPdfWarnings(pdfs), []);
});

test("an untagged PDF or one in another language is reported", async () => {
  assert.deepEqual(pdfAccessibilityProblems(await pdfOf({ lang: "ru" })), [
    "not tagged (no /Marked true)",
    "no structure tree (/StructTreeRoot)",
  ]);
  assert.deepEqual(pdfAccessibilityProblems(await pdfOf({ tagged: true, lang: "en-GB" })), [
    "document language is en-GB, not ru",
  ]);
  assert.deepEqual(pdfAccessibilityProblems(await pdfOf({ tagged: true, lang: "ru-RU" })), []);
  assert.deepEqual(pdfAccessibilityProblems(Buffer.from("not a pdf")), [
    "no readable catalog (check the PDF's tags by hand)",
  ]);
});
