// Puts the appeal form island's module script (built by vite.island.config.ts) into the
// prerendered /appeals page, just before </body>: the page paints from its HTML, then the form
// hydrates. Only the prerendered GET page gets it; the answer to a form posted without
// JavaScript is rendered by the server and needs no script.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

const siteDir = process.argv[2] ?? "build/client";
const page = join(siteDir, "appeals", "index.html");

const entries = (await readdir(join(siteDir, "assets"))).filter((name) =>
  /^appeal-form-island-[\w-]+\.js$/.test(name),
);
if (entries.length !== 1) {
  throw new Error(
    `expected one appeal-form-island-*.js in ${siteDir}/assets, found ${entries.length}`,
  );
}
const html = await readFile(page, "utf8");
if (!html.includes('id="appeal-form-island"')) throw new Error(`${page} has no island container`);
const tag = `<script type="module" src="/assets/${entries[0]}"></script>`;
await writeFile(page, html.replace("</body>", `${tag}</body>`));
console.log(`add-island-script: /appeals loads /assets/${entries[0]}`);
