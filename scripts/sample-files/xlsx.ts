import { corePropertiesXml } from "./office-core-properties.ts";
import type { SampleContent } from "./sample-model.ts";
import { escapeXml } from "./xml.ts";
import { writeZip } from "./zip.ts";

/**
 * Renders a sample as a one-sheet Excel workbook (SpreadsheetML with inline strings, so no
 * shared-strings part): the notice, the title, the blank fields and the sample table.
 */
const columns = ["A", "B", "C", "D", "E"] as const;
const lastColumn = columns[columns.length - 1];

// Style indexes into cellXfs below.
const style = { plain: 0, notice: 1, title: 2, cell: 3, headerCell: 4 } as const;

type Cell = { text: string; style: number };

/** Office suites do not grow a row for wrapped text on opening, so long labels get a height. */
function fieldRowHeight(label: string): number {
  return 16 * Math.max(1, Math.ceil(label.length / 30));
}

function rowXml(index: number, cells: Cell[], height?: number): string {
  const ht = height ? ` ht="${height}" customHeight="1"` : "";
  const body = cells
    .map((cell, i) => {
      const ref = `${columns[i]}${index}`;
      return cell.text
        ? `<c r="${ref}" s="${cell.style}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(cell.text)}</t></is></c>`
        : `<c r="${ref}" s="${cell.style}"/>`;
    })
    .join("");
  return `<row r="${index}"${ht}>${body}</row>`;
}

function sheetXml(content: SampleContent): string {
  const rows: string[] = [];
  const merges: string[] = [];
  let index = 1;
  const wide = (text: string, cellStyle: number, height?: number) => {
    rows.push(rowXml(index, [{ text, style: cellStyle }], height));
    merges.push(`A${index}:${lastColumn}${index}`);
    index++;
  };
  wide(content.notice, style.notice);
  wide(content.organisation, style.plain);
  wide(content.title, style.title, 24);
  for (const text of content.paragraphs) wide(text, style.plain, 30);
  index++;
  for (const field of content.fields ?? []) {
    rows.push(
      rowXml(
        index,
        [
          { text: field.label, style: style.headerCell },
          ...columns
            .slice(1)
            .map((_, i) => ({ text: i === 0 ? (field.value ?? "") : "", style: style.cell })),
        ],
        fieldRowHeight(field.label),
      ),
    );
    merges.push(`B${index}:${lastColumn}${index}`);
    index++;
  }
  if (content.table) {
    index++;
    rows.push(
      rowXml(
        index++,
        content.table.headers.map((text) => ({ text, style: style.headerCell })),
        30,
      ),
    );
    for (const row of content.table.rows) {
      rows.push(
        rowXml(
          index++,
          row.map((text) => ({ text, style: style.cell })),
          20,
        ),
      );
    }
  }
  const widths = [32, 16, 32, 12, 16];
  const cols = widths
    .map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`)
    .join("");
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetPr><pageSetUpPr fitToPage="1"/></sheetPr><cols>${cols}</cols><sheetData>${rows.join("")}</sheetData><mergeCells count="${merges.length}">${merges.map((ref) => `<mergeCell ref="${ref}"/>`).join("")}</mergeCells><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/><pageSetup paperSize="9" orientation="landscape" fitToWidth="1" fitToHeight="0"/></worksheet>`;
}

const stylesXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="4"><font><sz val="11"/><name val="Arial"/></font><font><b/><sz val="11"/><color rgb="FFC00000"/><name val="Arial"/></font><font><b/><sz val="13"/><name val="Arial"/></font><font><b/><sz val="11"/><name val="Arial"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="2"><border><left/><right/><top/><bottom/><diagonal/></border><border><left style="thin"/><right style="thin"/><top style="thin"/><bottom style="thin"/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" applyAlignment="1"><alignment wrapText="1" vertical="top"/></xf><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="0" fontId="2" fillId="0" borderId="0" xfId="0" applyFont="1" applyAlignment="1"><alignment horizontal="center" vertical="center"/></xf><xf numFmtId="0" fontId="0" fillId="0" borderId="1" xfId="0" applyBorder="1" applyAlignment="1"><alignment wrapText="1" vertical="top"/></xf><xf numFmtId="0" fontId="3" fillId="0" borderId="1" xfId="0" applyFont="1" applyBorder="1" applyAlignment="1"><alignment wrapText="1" vertical="center"/></xf></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

export function renderXlsx(content: SampleContent, sheetName: string): Buffer {
  return writeZip([
    {
      name: "[Content_Types].xml",
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`,
    },
    {
      name: "_rels/.rels",
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`,
    },
    { name: "docProps/core.xml", data: corePropertiesXml(content) },
    {
      name: "xl/workbook.xml",
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    },
    { name: "xl/worksheets/sheet1.xml", data: sheetXml(content) },
    { name: "xl/styles.xml", data: stylesXml },
  ]);
}
