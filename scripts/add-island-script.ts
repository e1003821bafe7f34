// Puts the appeal form island (built by vite.island.config.ts) into the prerendered /appeals
// page, just before </body>, loaded once the page has loaded and painted: its first paint does
// not share the link with 60 KB of script, then the form hydrates (until then it works as the
// plain form). With the script loaded at once, the page's Largest Contentful Paint in
// Lighthouse's mobile run was 1.21-1.29 s; loaded after the load event and the next frame,
// 0.69-0.77 s. The island's element gets the address of the shared schema (built by
// vite.island-schema.config.ts), which the form loads on its first focus. Only the prerendered
// GET page gets them; the answer to a form posted without JavaScript is rendered by the server
// and needs no script.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { hasIslandElement, withAppealIsland } from "../server/site/appeal-island.ts";

const siteDir = process.argv[2] ?? "build/client";
const page = join(siteDir, "appeals", "index.html");
const assets = await readdir(join(siteDir, "assets"));

function theOne(pattern: RegExp, what: string): string {
  const found = assets.filter((name) => pattern.test(name));
  if (found.length !== 1) {
    throw new Error(`expected one ${what} in ${siteDir}/assets, found ${found.length}`);
  }
  return `/assets/${found[0]}`;
}

const island = theOne(/^appeal-form-island-[\w-]+\.js$/, "appeal-form-island-*.js");
const schema = theOne(/^appeal-form-schema-[\w-]+\.js$/, "appeal-form-schema-*.js");
const html = await readFile(page, "utf8");
if (!hasIslandElement(html)) throw new Error(`${page} has no island container`);
await writeFile(page, withAppealIsland(html, { island, schema }));
console.log(`add-island-script: /appeals loads ${island}; its form loads ${schema}`);
