import { existsSync } from "node:fs";
import PDFDocument from "pdfkit";
import { type SampleContent, sampleDate } from "./sample-model.ts";

/**
 * Renders a sample as an A4 PDF with an embedded (subset) TrueType font, so Cyrillic shows in any
 * viewer. The font comes from Debian's fonts-dejavu-core; the standard PDF fonts have no Cyrillic.
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
    lang: "ru-RU",
    displayTitle: true,
  });
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
  doc.rect(left, noticeTop, width, noticeHeight).lineWidth(1.5).stroke("#c00000");
  doc.text(content.notice, left + 8, noticeTop + 6, { width: width - 16 });
  doc.x = left;
  doc.y = noticeTop + noticeHeight + 18;

  doc.font("regular").fontSize(10).fillColor("#333333");
  doc.text(content.organisation, { width, align: "center" });
  doc.moveDown(1);
  doc.font("bold").fontSize(15).fillColor("#000000");
  doc.text(content.title, { width, align: "center" });
  doc.moveDown(1);
  doc.font("regular").fontSize(11);
  for (const text of content.paragraphs) {
    doc.text(text, { width, align: "left" });
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
        .text(field.label, left, top, { width: labelWidth - 8 });
      const labelBottom = doc.y;
      doc.font("regular").fontSize(10);
      if (field.value) doc.text(field.value, left + labelWidth, top, { width: width - labelWidth });
      const bottom = Math.max(labelBottom, doc.y, top + 16) + 2;
      if (!field.value) {
        doc
          .moveTo(left + labelWidth, bottom)
          .lineTo(left + width, bottom)
          .lineWidth(0.5)
          .stroke("#000000");
      }
      doc.x = left;
      doc.y = bottom + 8;
    }
  }

  if (content.table) drawTable(doc, content.table.headers, content.table.rows, left, width);

  doc.end();
  return done;
}

function drawTable(
  doc: PDFKit.PDFDocument,
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
    cells.forEach((cell, i) => {
      const x = left + i * columnWidth;
      doc.rect(x, top, columnWidth, height).lineWidth(0.5).stroke("#000000");
      doc.text(cell, x + 4, top + 4, { width: columnWidth - 8 });
    });
    doc.x = left;
    doc.y = top + height;
  };
  drawRow(headers, true);
  for (const row of rows) drawRow(row, false);
}
