// Writes .br and .gz beside every compressible file of the built site, once, at build time, with
// the strongest settings: the server then sends them without spending CPU per request.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { smallerVariants } from "../server/site/compressed-variants.ts";

const siteDir = process.argv[2] ?? "build/client";
const compressible = new Set([
  ".html",
  ".css",
  ".js",
  ".json",
  ".webmanifest",
  ".data",
  ".svg",
  ".txt",
  ".xml",
  ".atom",
  ".ico",
]);

const entries = await readdir(siteDir, { recursive: true, withFileTypes: true });
let written = 0;
for (const entry of entries) {
  if (!entry.isFile() || !compressible.has(extname(entry.name))) continue;
  const path = join(entry.parentPath, entry.name);
  const body = await readFile(path);
  // The same variants a page published by staff gets (server/site/compressed-variants.ts).
  const { brotli, gzip } = smallerVariants(body);
  if (brotli) {
    await writeFile(`${path}.br`, brotli);
    written++;
  }
  if (gzip) {
    await writeFile(`${path}.gz`, gzip);
    written++;
  }
}
console.log(`compress-build: ${written} precompressed files in ${siteDir}`);
