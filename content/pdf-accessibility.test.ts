import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { deflateSync } from "node:zlib";
import PDFDocument from "pdfkit";
import { pdfWarningsOf } from "../domain/site-content/site-files.ts";
import { collectLinkedFiles } from "./content-check.server.ts";
import {
  objectStreamBudget,
  pdfAccessibility,
  pdfAccessibilityProblems,
  untaggedPdfWarnings,
} from "./pdf-accessibility.server.ts";
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

/** A PDF 1.5 whose catalog sits in a Flate-compressed object stream, as Word writes it. */
function compressedCatalogPdf(catalog: string): Buffer {
  const objects = `${catalog} << /Type /Pages /Kids [] /Count 0 >>`;
  const header = `1 0 2 ${catalog.length + 1} `;
  const stream = deflateSync(Buffer.from(header + objects, "latin1"));
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.5\n3 0 obj\n<< /Type /ObjStm /N 2 /First ${header.length} /Filter /FlateDecode /Length ${stream.length} >>\nstream\n`,
      "latin1",
    ),
    stream,
    Buffer.from("\nendstream\nendobj\n%%EOF\n", "latin1"),
  ]);
}

test("the catalog is read from a compressed object stream too; the editor's warnings in words", async () => {
  const tagged = compressedCatalogPdf(
    "<< /Type /Catalog /Pages 2 0 R /MarkInfo << /Marked true >> /StructTreeRoot 4 0 R /Lang (ru-RU) >>",
  );
  assert.deepEqual(pdfAccessibilityProblems(tagged), []);
  assert.deepEqual(pdfWarningsOf(pdfAccessibility(tagged)), []);
  const bare = compressedCatalogPdf("<< /Type /Catalog /Pages 2 0 R >>");
  const warnings = pdfWarningsOf(pdfAccessibility(bare));
  assert.equal(warnings.length, 2);
  assert.match(warnings[0] ?? "", /^PDF без тегов/);
  assert.match(warnings[1] ?? "", /^В PDF не указан язык документа/);
  // A tagged PDF in another language has a declared language: no warning for the editor.
  assert.deepEqual(pdfWarningsOf(pdfAccessibility(await pdfOf({ tagged: true, lang: "en" }))), []);
  assert.match(
    pdfWarningsOf(pdfAccessibility(Buffer.from("%PDF-1.7 broken")))[0] ?? "",
    /^Не удалось проверить/,
  );
});

test("an object stream that inflates past the budget is not inflated: a bomb costs no memory (issue 40)", () => {
  const padded = compressedCatalogPdf(
    `<< /Type /Catalog /Pages 2 0 R /MarkInfo << /Marked true >> /StructTreeRoot 4 0 R /Lang (ru-RU) >>${" ".repeat(objectStreamBudget + 1024)}`,
  );
  assert.ok(padded.length < 100_000, "a few kilobytes on the wire");
  // Skipped whole: the catalog inside is not read, and the editor is told to check by hand.
  assert.equal(pdfAccessibility(padded).readable, false);
});
