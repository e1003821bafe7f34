import { crc32, inflateRawSync } from "node:zlib";

/**
 * Structural checks that a downloadable file is what its extension says, so a broken sample or
 * a mislabelled upload fails the content check instead of reaching a visitor. Each returns a
 * list of problems; an empty list means the file passed.
 */

function checkPdf(bytes: Buffer): string[] {
  const problems: string[] = [];
  if (bytes.subarray(0, 5).toString("latin1") !== "%PDF-")
    problems.push("does not start with %PDF-");
  if (!bytes.subarray(-1024).toString("latin1").includes("%%EOF"))
    problems.push("has no %%EOF marker");
  return problems;
}

type ZipEntry = { name: string; data: Buffer };

/** Reads every entry of a ZIP through its central directory, checking sizes and CRCs. */
export function readZip(bytes: Buffer): ZipEntry[] {
  const endSignature = 0x06054b50;
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === endSignature) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error("no ZIP end-of-central-directory record");
  const count = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (bytes.readUInt32LE(offset) !== 0x02014b50) throw new Error("bad central directory entry");
    const method = bytes.readUInt16LE(offset + 10);
    const crc = bytes.readUInt32LE(offset + 16);
    const compressedSize = bytes.readUInt32LE(offset + 20);
    const size = bytes.readUInt32LE(offset + 24);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    const localOffset = bytes.readUInt32LE(offset + 42);
    const name = bytes.subarray(offset + 46, offset + 46 + nameLength).toString("utf8");
    offset += 46 + nameLength + extraLength + commentLength;

    if (bytes.readUInt32LE(localOffset) !== 0x04034b50)
      throw new Error(`bad local header: ${name}`);
    const dataStart =
      localOffset +
      30 +
      bytes.readUInt16LE(localOffset + 26) +
      bytes.readUInt16LE(localOffset + 28);
    const raw = bytes.subarray(dataStart, dataStart + compressedSize);
    let data: Buffer;
    if (method === 0) data = raw;
    else if (method === 8) data = inflateRawSync(raw);
    else throw new Error(`unsupported compression method ${method}: ${name}`);
    if (data.length !== size || crc32(data) !== crc) throw new Error(`corrupt entry: ${name}`);
    entries.push({ name, data });
  }
  return entries;
}

function checkOfficeZip(bytes: Buffer, mainPart: string): string[] {
  let entries: ZipEntry[];
  try {
    entries = readZip(bytes);
  } catch (error) {
    return [`is not a valid ZIP: ${(error as Error).message}`];
  }
  const names = new Set(entries.map((entry) => entry.name));
  const problems: string[] = [];
  for (const required of ["[Content_Types].xml", "_rels/.rels", mainPart]) {
    if (!names.has(required)) problems.push(`lacks ${required}`);
  }
  const contentTypes = entries.find((entry) => entry.name === "[Content_Types].xml");
  if (contentTypes && !contentTypes.data.toString("utf8").includes(`/${mainPart}`)) {
    problems.push(`[Content_Types].xml does not declare /${mainPart}`);
  }
  return problems;
}

const checkDocx = (bytes: Buffer) => checkOfficeZip(bytes, "word/document.xml");
const checkXlsx = (bytes: Buffer) => checkOfficeZip(bytes, "xl/workbook.xml");

function checkSvg(bytes: Buffer): string[] {
  const head = bytes.subarray(0, 512).toString("utf8");
  return /<svg[\s>]/.test(head) && bytes.toString("utf8").trimEnd().endsWith("</svg>")
    ? []
    : ["is not an SVG document"];
}

/** Checks a file by its extension; unknown extensions pass (nothing to check). */
export function checkFileOfType(href: string, bytes: Buffer): string[] {
  if (href.endsWith(".pdf")) return checkPdf(bytes);
  if (href.endsWith(".docx")) return checkDocx(bytes);
  if (href.endsWith(".xlsx")) return checkXlsx(bytes);
  if (href.endsWith(".svg")) return checkSvg(bytes);
  return [];
}
