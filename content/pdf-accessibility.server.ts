import { existsSync, readFileSync } from "node:fs";
import { publicFilePath } from "./public-dir.server.ts";

/**
 * Whether a PDF is readable by assistive technology as far as its catalog tells: tagged
 * (/MarkInfo << /Marked true >> and a /StructTreeRoot) with a Russian document language (/Lang).
 * Reads the uncompressed catalog object that pdfkit and most office exporters write; a PDF whose
 * catalog sits in a compressed object stream is reported as unreadable here, to be checked by hand.
 */
export function pdfAccessibilityProblems(bytes: Buffer): string[] {
  const text = bytes.toString("latin1");
  const catalog = findObject(text, /\/Type\s*\/Catalog\b/);
  if (catalog === undefined) return ["no readable catalog (check the PDF's tags by hand)"];
  const problems: string[] = [];
  const markInfo = resolve(text, catalog.match(/\/MarkInfo\s*(<<[\s\S]*?>>|\d+\s+\d+\s+R)/)?.[1]);
  if (!markInfo || !/\/Marked\s+true\b/.test(markInfo))
    problems.push("not tagged (no /Marked true)");
  if (!/\/StructTreeRoot\s*(\d+\s+\d+\s+R|<<)/.test(catalog)) {
    problems.push("no structure tree (/StructTreeRoot)");
  }
  const lang = catalog.match(/\/Lang\s*\(([^)]*)\)/)?.[1];
  if (!lang || !/^ru(-RU)?$/i.test(lang))
    problems.push(`document language is ${lang ?? "missing"}, not ru`);
  return problems;
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
