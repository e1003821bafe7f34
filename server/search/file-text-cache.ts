/**
 * The text read from a PDF, kept between starts beside the built site under the SHA-256 of the
 * file's bytes (decision 0051). Reading the build's 25 PDFs was the largest part of a start's CPU
 * after the imports (0.6 s of a core here); every start of a server or of a test's site paid it
 * again for the same bytes. The extractor's version is part of the folder's name, so a newer
 * unpdf reads every file afresh. Without a folder, or where it cannot be written (a read-only
 * deployment), each start reads the files, as before. A damaged entry can only give the search
 * wrong words for that file, never a served byte: nothing here reaches a response but the index.
 * A file read over budget (pdf-text-reader.ts, issue 40) is kept as such, with why, so that no
 * start reads it again; a text cut to the reader's limit is kept apart from a whole one.
 */

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { writeQuietly } from "../site/compressed-cache.ts";
import type { PdfText } from "./pdf-text-reader.ts";

/** What is kept of a file: its text (whole or cut), or that it was over the reader's budget. */
type KeptPdfText = Exclude<PdfText, { kind: "unreadable" }>;

export type FileTextCache = {
  get(hash: string): KeptPdfText | undefined;
  set(hash: string, read: KeptPdfText): void;
};

const overBudgetReasons = ["memory", "cpu"] as const;

/** unpdf's version, read from its package.json beside its entry point. */
function extractorVersion(): string {
  const entry = createRequire(import.meta.url).resolve("unpdf");
  const packageJson = join(dirname(entry), "..", "package.json");
  return (JSON.parse(readFileSync(packageJson, "utf8")) as { version: string }).version;
}

export function fileTextCache(cacheDir: string | undefined): FileTextCache | undefined {
  if (cacheDir === undefined) return undefined;
  let dir: string | undefined;
  const folder = () => {
    dir ??= join(cacheDir, `unpdf-${extractorVersion()}`);
    return dir;
  };
  const pathOf = (hash: string, kind: "txt" | "cut.txt" | "over-budget") =>
    join(folder(), `${hash}.${kind}`);
  const readKept = (hash: string, kind: "txt" | "cut.txt" | "over-budget") => {
    try {
      return readFileSync(pathOf(hash, kind), "utf8");
    } catch {
      return undefined;
    }
  };
  return {
    get(hash) {
      const text = readKept(hash, "txt");
      if (text !== undefined) return { kind: "text", text, cut: false };
      const cut = readKept(hash, "cut.txt");
      if (cut !== undefined) return { kind: "text", text: cut, cut: true };
      const reason = overBudgetReasons.find((known) => known === readKept(hash, "over-budget"));
      return reason && { kind: "over-budget", reason };
    },
    set(hash, read) {
      const [kind, body] =
        read.kind === "over-budget"
          ? (["over-budget", read.reason] as const)
          : ([read.cut ? "cut.txt" : "txt", read.text] as const);
      writeQuietly(folder(), pathOf(hash, kind), Buffer.from(body, "utf8"));
    },
  };
}
