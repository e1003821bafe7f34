import { corePropertiesXml } from "./office-core-properties.ts";
import type { SampleContent } from "./sample-model.ts";
import { escapeXml } from "./xml.ts";
import { writeZip } from "./zip.ts";

/** Renders a sample as a Word document (WordprocessingML, the parts Word and LibreOffice need). */
const ns = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

type RunStyle = { bold?: boolean; size?: number; color?: string };

function run(text: string, style: RunStyle = {}): string {
  const props = [
    style.bold ? "<w:b/>" : "",
    style.color ? `<w:color w:val="${style.color}"/>` : "",
    style.size ? `<w:sz w:val="${style.size * 2}"/>` : "",
  ].join("");
  return `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ""}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
}

function paragraph(text: string, style: RunStyle & { center?: boolean } = {}): string {
  const props = style.center ? '<w:pPr><w:jc w:val="center"/></w:pPr>' : "";
  return `<w:p>${props}${text ? run(text, style) : ""}</w:p>`;
}

const cellBorders =
  '<w:tcBorders><w:top w:val="single" w:sz="4"/><w:left w:val="single" w:sz="4"/><w:bottom w:val="single" w:sz="4"/><w:right w:val="single" w:sz="4"/></w:tcBorders>';

function table(widths: number[], rows: { text: string; bold?: boolean }[][]): string {
  const grid = widths.map((width) => `<w:gridCol w:w="${width}"/>`).join("");
  const body = rows
    .map(
      (cells) =>
        `<w:tr>${cells
          .map(
            (cell, i) =>
              `<w:tc><w:tcPr><w:tcW w:w="${widths[i]}" w:type="dxa"/>${cellBorders}</w:tcPr>${paragraph(cell.text, { bold: cell.bold ?? false })}</w:tc>`,
          )
          .join("")}</w:tr>`,
    )
    .join("");
  return `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/><w:tblLayout w:type="fixed"/></w:tblPr><w:tblGrid>${grid}</w:tblGrid>${body}</w:tbl>`;
}

function documentXml(content: SampleContent): string {
  const parts = [
    paragraph(content.notice, { bold: true, color: "C00000" }),
    paragraph(content.organisation, { center: true }),
    paragraph(content.title, { bold: true, size: 14, center: true }),
    ...content.paragraphs.map((text) => paragraph(text)),
  ];
  if (content.fields) {
    parts.push(
      table(
        [3600, 5800],
        content.fields.map((field) => [
          { text: field.label, bold: true },
          { text: field.value ?? "" },
        ]),
      ),
      paragraph(""),
    );
  }
  if (content.table) {
    const columns = content.table.headers.length;
    const width = Math.floor(9400 / columns);
    parts.push(
      table(
        Array.from({ length: columns }, () => width),
        [
          content.table.headers.map((text) => ({ text, bold: true })),
          ...content.table.rows.map((row) => row.map((text) => ({ text }))),
        ],
      ),
      paragraph(""),
    );
  }
  // A4 page with 2 cm margins.
  const section =
    '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1134" w:right="1134" w:bottom="1134" w:left="1134" w:header="709" w:footer="709" w:gutter="0"/></w:sectPr>';
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document ${ns}><w:body>${parts.join("")}${section}</w:body></w:document>`;
}

const stylesXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles ${ns}><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman" w:cs="Times New Roman" w:eastAsia="Times New Roman"/><w:sz w:val="24"/><w:lang w:val="ru-RU"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="120"/></w:pPr></w:pPrDefault></w:docDefaults></w:styles>`;

export function renderDocx(content: SampleContent): Buffer {
  return writeZip([
    {
      name: "[Content_Types].xml",
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`,
    },
    {
      name: "_rels/.rels",
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`,
    },
    { name: "docProps/core.xml", data: corePropertiesXml(content) },
    { name: "word/document.xml", data: documentXml(content) },
    {
      name: "word/_rels/document.xml.rels",
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    },
    { name: "word/styles.xml", data: stylesXml },
  ]);
}
