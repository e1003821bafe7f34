import { existsSync, readFileSync } from "node:fs";
import { inflateSync } from "node:zlib";
import { publicFilePath } from "./public-dir.server.ts";

/** What a PDF's catalog says of its accessibility (decision 0036). */
export type PdfAccessibility = {
  /** The catalog was found (uncompressed, or in a Flate-compressed object stream). */
  readable: boolean;
  /** /MarkInfo << /Marked true >>. */
  marked: boolean;
  /** A /StructTreeRoot. */
  structureTree: boolean;
  /** The /Lang given, if any. */
  language: string | undefined;
};

/**
 * Whether a PDF is readable by assistive technology as far as its catalog tells: tagged
 * (/MarkInfo << /Marked true >> and a /StructTreeRoot) and with a document language (/Lang).
 * Reads the catalog object where pdfkit and most office exporters write it: uncompressed, or in
 * a Flate-compressed object stream (Word's and LibreOffice's PDF 1.5 and later).
 */
export function pdfAccessibility(bytes: Buffer): PdfAccessibility {
  let text = bytes.toString("latin1");
  let catalog = findObject(text, /\/Type\s*\/Catalog\b/);
  if (catalog === undefined) {
    text += objectStreamsText(bytes, text);
    catalog = findObject(text, /\/Type\s*\/Catalog\b/);
  }
  if (catalog === undefined) {
    return { readable: false, marked: false, structureTree: false, language: undefined };
  }
  const markInfo = resolve(text, catalog.match(/\/MarkInfo\s*(<<[\s\S]*?>>|\d+\s+\d+\s+R)/)?.[1]);
  return {
    readable: true,
    marked: Boolean(markInfo && /\/Marked\s+true\b/.test(markInfo)),
    structureTree: /\/StructTreeRoot\s*(\d+\s+\d+\s+R|<<)/.test(catalog),
    language: catalog.match(/\/Lang\s*\(([^)]*)\)/)?.[1],
  };
}

/** The same, as the build's content check words it (English, for the build log). */
export function pdfAccessibilityProblems(bytes: Buffer): string[] {
  const facts = pdfAccessibility(bytes);
  if (!facts.readable) return ["no readable catalog (check the PDF's tags by hand)"];
  const problems: string[] = [];
  if (!facts.marked) problems.push("not tagged (no /Marked true)");
  if (!facts.structureTree) problems.push("no structure tree (/StructTreeRoot)");
  const lang = facts.language;
  if (!lang || !/^ru(-RU)?$/i.test(lang))
    problems.push(`document language is ${lang ?? "missing"}, not ru`);
  return problems;
}

/** What all of a PDF's object streams may inflate to together: 16 MiB. */
export const objectStreamBudget = 16 * 1024 * 1024;

/**
 * The objects of every Flate-compressed object stream (/Type /ObjStm), written out as
 * `N 0 obj … endobj` so the same search finds them. A stream that does not inflate is skipped.
 */
function objectStreamsText(bytes: Buffer, text: string): string {
  let found = "";
  // A real catalog's object streams inflate to kilobytes; a crafted one to gigabytes (a
  // decompression bomb, issue 40). Past this budget, for all streams together, the rest is skipped.
  let budget = objectStreamBudget;
  const streams = /<<((?:(?!>>\s*stream)[\s\S])*?\/Type\s*\/ObjStm[\s\S]*?)>>\s*stream\r?\n/g;
  for (const match of text.matchAll(streams)) {
    const dictionary = match[1] ?? "";
    if (!/\/FlateDecode\b/.test(dictionary)) continue;
    const length = Number(dictionary.match(/\/Length\s+(\d+)\b(?!\s+\d+\s+R)/)?.[1]);
    const first = Number(dictionary.match(/\/First\s+(\d+)/)?.[1]);
    const start = (match.index ?? 0) + match[0].length;
    const end =
      Number.isFinite(length) && length > 0 ? start + length : text.indexOf("endstream", start);
    if (end < start || !Number.isFinite(first)) continue;
    let inflated: string;
    try {
      inflated = inflateSync(bytes.subarray(start, end), { maxOutputLength: budget }).toString(
        "latin1",
      );
    } catch {
      continue;
    }
    budget -= inflated.length;
    if (budget <= 0) break;
    const header = inflated.slice(0, first).trim().split(/\s+/).map(Number);
    for (let index = 0; index + 1 < header.length; index += 2) {
      const from = first + (header[index + 1] ?? 0);
      const next = header[index + 3];
      const to = next === undefined ? inflated.length : first + next;
      found += `\n${header[index]} 0 obj\n${inflated.slice(from, to)}\nendobj\n`;
    }
  }
  return found;
}

/** The body of the first object whose dictionary matches `test`. */
function findObject(text: string, test: RegExp): string | undefined {
  for (const match of text.matchAll(/\d+\s+\d+\s+obj\b([\s\S]*?)\bendobj/g)) {
    const body = match[1] ?? "";
    if (test.test(body)) return body;
  }
  return undefined;
}

/** An inline dictionary as it is, or the body of the object an `N G R` reference names. */
function resolve(text: string, value: string | undefined): string | undefined {
  const reference = value?.match(/^(\d+)\s+(\d+)\s+R$/);
  if (!reference) return value;
  const object = text.match(
    new RegExp(`(?:^|\\s)${reference[1]}\\s+${reference[2]}\\s+obj\\b([\\s\\S]*?)\\bendobj`),
  );
  return object?.[1];
}

/**
 * One warning line per linked PDF that assistive technology cannot read well. A warning, not an
 * error: an official replacement may arrive untagged, and publishing it beats not publishing.
 */
export function untaggedPdfWarnings(hrefs: readonly string[]): string[] {
  return hrefs
    .filter((href) => href.endsWith(".pdf") && existsSync(publicFilePath(href)))
    .flatMap((href) =>
      pdfAccessibilityProblems(readFileSync(publicFilePath(href))).map(
        (problem) => `${href}: ${problem}`,
      ),
    );
}
