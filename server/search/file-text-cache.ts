/**
 * The text read from a PDF, kept between starts beside the built site under the SHA-256 of the
 * file's bytes (decision 0051). Reading the build's 25 PDFs was the largest part of a start's CPU
 * after the imports (0.6 s of a core here); every start of a server or of a test's site paid it
 * again for the same bytes. The extractor's version is part of the folder's name, so a newer
 * unpdf reads every file afresh. Without a folder, or where it cannot be written (a read-only
 * deployment), each start reads the files, as before. A damaged entry can only give the search
 * wrong words for that file, never a served byte: nothing here reaches a response but the index.
 */

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { writeQuietly } from "../site/compressed-cache.ts";

export type FileTextCache = {
  get(hash: string): string | undefined;
  set(hash: string, text: string): void;
};

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
  const pathOf = (hash: string) => join(folder(), `${hash}.txt`);
  return {
    get(hash) {
      try {
        return readFileSync(pathOf(hash), "utf8");
      } catch {
        return undefined;
      }
    },
    set(hash, text) {
      writeQuietly(folder(), pathOf(hash), Buffer.from(text, "utf8"));
    },
  };
}
