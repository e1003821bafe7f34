// The text of the site's PDFs (public/docs, public/forms) with one extractor, for
// bench/search-libraries.ts (issue 29, decision 0042). Each extractor runs in a process of its
// own: unpdf brings its own build of PDF.js, and two builds in one process refuse each other's
// worker. Prints one JSON line: the load time, each file's time and text.
// Usage: node bench/search-pdf-text.ts unpdf|pdfjs-dist
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

export type PdfText = { href: string; ms: number; pages: number; text: string };
export type PdfRun = { extractor: string; loadMs: number; files: PdfText[] };

const publicDir = join(import.meta.dirname, "..", "public");

/** Every PDF of the site's own files, as its address ('/docs/ustav.pdf'). */
export const sitePdfs = (): string[] =>
  ["docs", "forms"].flatMap((dir) =>
    readdirSync(join(publicDir, dir))
      .filter((name) => name.endsWith(".pdf"))
      .sort()
      .map((name) => `/${dir}/${name}`),
  );

type Extract = (bytes: Uint8Array) => Promise<{ pages: number; text: string }>;

async function loadExtractor(name: string): Promise<Extract> {
  if (name === "unpdf") {
    const { extractText, getDocumentProxy } = await import("unpdf");
    return async (bytes) => {
      const pdf = await getDocumentProxy(bytes);
      const { text, totalPages } = await extractText(pdf, { mergePages: true });
      return { pages: totalPages, text };
    };
  }
  if (name === "pdfjs-dist") {
    const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
    return async (bytes) => {
      const pdf = await getDocument({ data: bytes }).promise;
      const pages: string[] = [];
      for (let number = 1; number <= pdf.numPages; number++) {
        const content = await (await pdf.getPage(number)).getTextContent();
        pages.push(
          content.items
            .map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : ""))
            .join(""),
        );
      }
      return { pages: pdf.numPages, text: pages.join("\n") };
    };
  }
  throw new Error(`Unknown extractor: ${name}`);
}

export async function extractSitePdfs(extractor: string): Promise<PdfRun> {
  let started = performance.now();
  const extract = await loadExtractor(extractor);
  const loadMs = performance.now() - started;
  const files: PdfText[] = [];
  for (const href of sitePdfs()) {
    const bytes = new Uint8Array(readFileSync(join(publicDir, href)));
    started = performance.now();
    const { pages, text } = await extract(bytes);
    files.push({ href, ms: performance.now() - started, pages, text });
  }
  return { extractor, loadMs, files };
}

if (import.meta.main) {
  console.log(JSON.stringify(await extractSitePdfs(process.argv[2] ?? "unpdf")));
}
