import { existsSync } from "node:fs";
import PDFDocument from "pdfkit";
import { type SampleContent, sampleDate } from "./sample-model.ts";

/**
 * Renders a sample as an A4 PDF with an embedded (subset) TrueType font, so Cyrillic shows in any
 * viewer. The font comes from Debian's fonts-dejavu-core; the standard PDF fonts have no Cyrillic.
 *
 * The PDF is tagged (PDF/UA style): document language, a title shown in the window, every text in
 * a structure element (H1, P, Table/TR/TH/TD) in reading order and every drawn line or box marked
 * as an artifact, so screen readers read it as a document (state sites must publish accessible
 * documents, ГОСТ Р 52872-2019).
 */
const fontDir = "/usr/share/fonts/truetype/dejavu";
const regularFont = `${fontDir}/DejaVuSans.ttf`;
const boldFont = `${fontDir}/DejaVuSans-Bold.ttf`;

function assertFonts(): void {
  for (const font of [regularFont, boldFont]) {
    if (!existsSync(font)) {
      throw new Error(`Font ${font} is missing: apt-get install -y fonts-dejavu-core`);
    }
  }
}

export function renderPdf(content: SampleContent): Promise<Buffer> {
  assertFonts();
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    info: {
      Title: content.title,
      Author: content.organisation,
      Subject: content.notice,
      CreationDate: sampleDate,
      ModDate: sampleDate,
    },
    lang: "ru",
    displayTitle: true,
    tagged: true,
    pdfVersion: "1.7",
  });
  const root = doc.struct("Document");
  doc.addStructure(root);
  doc.registerFont("regular", regularFont);
  doc.registerFont("bold", boldFont);

  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  // The sample notice, boxed in red at the top of the first page.
  const noticeTop = doc.y;
  doc.font("bold").fontSize(11).fillColor("#c00000");
  const noticeHeight = doc.heightOfString(content.notice, { width: width - 16 }) + 12;
  artifact(doc, () =>
    doc.rect(left, noticeTop, width, noticeHeight).lineWidth(1.5).stroke("#c00000"),
  );
  doc.text(content.notice, left + 8, noticeTop + 6, { width: width - 16, structParent: root });
  doc.x = left;
  doc.y = noticeTop + noticeHeight + 18;

  doc.font("regular").fontSize(10).fillColor("#333333");
  doc.text(content.organisation, { width, align: "center", structParent: root });
  doc.moveDown(1);
  doc.font("bold").fontSize(15).fillColor("#000000");
  doc.text(content.title, { width, align: "center", structParent: root, structType: "H1" });
  doc.moveDown(1);
  doc.font("regular").fontSize(11);
  for (const text of content.paragraphs) {
    doc.text(text, { width, align: "left", structParent: root });
    doc.moveDown(0.6);
  }

  if (content.fields) {
    doc.moveDown(0.5);
    const labelWidth = width * 0.4;
    for (const field of content.fields) {
      const top = doc.y;
      doc
        .font("bold")
        .fontSize(10)
        .text(field.label, left, top, { width: labelWidth - 8, structParent: root });
      const labelBottom = doc.y;
      doc.font("regular").fontSize(10);
      if (field.value) {
        doc.text(field.value, left + labelWidth, top, {
          width: width - labelWidth,
          structParent: root,
        });
      }
      const bottom = Math.max(labelBottom, doc.y, top + 16) + 2;
      if (!field.value) {
        artifact(doc, () =>
          doc
            .moveTo(left + labelWidth, bottom)
            .lineTo(left + width, bottom)
            .lineWidth(0.5)
            .stroke("#000000"),
        );
      }
      doc.x = left;
      doc.y = bottom + 8;
    }
  }

  if (content.table) {
    const table = doc.struct("Table");
    root.add(table);
    drawTable(doc, table, content.table.headers, content.table.rows, left, width);
    table.end();
  }

  root.end();
  doc.end();
  return done;
}

/** Drawing that is not content (boxes, rules): marked so assistive technology skips it. */
function artifact(doc: PDFKit.PDFDocument, draw: () => void): void {
  doc.markContent("Artifact", { type: "Layout" });
  draw();
  doc.endMarkedContent();
}

function drawTable(
  doc: PDFKit.PDFDocument,
  table: PDFKit.PDFStructureElement,
  headers: string[],
  rows: string[][],
  left: number,
  width: number,
): void {
  doc.moveDown(1);
  const columnWidth = width / headers.length;
  const drawRow = (cells: string[], bold: boolean) => {
    doc.font(bold ? "bold" : "regular").fontSize(9);
    const heights = cells.map((cell) =>
      doc.heightOfString(cell || " ", { width: columnWidth - 8 }),
    );
    const height = Math.max(18, ...heights) + 8;
    const top = doc.y;
    const row = doc.struct("TR");
    table.add(row);
    cells.forEach((cell, i) => {
      const x = left + i * columnWidth;
      artifact(doc, () => doc.rect(x, top, columnWidth, height).lineWidth(0.5).stroke("#000000"));
      doc.text(cell || " ", x + 4, top + 4, {
        width: columnWidth - 8,
        structParent: row,
        structType: bold ? "TH" : "TD",
      });
    });
    row.end();
    doc.x = left;
    doc.y = top + height;
  };
  drawRow(headers, true);
  for (const row of rows) drawRow(row, false);
}
