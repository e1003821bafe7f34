// Issue 41: the documents do not name files that are gone. Every repository path that README.md,
// docs/**/*.md and deploy/** name (app/…, server/…, tests/…, in backticks or plain) exists, or is
// marked gone where it is named: "`server/x.ts` (since removed…)". A glob (`server/db/contract-*.ts`)
// must match a file; a name followed by `<` is a template (`tests/e2e/<file>.test.ts`) and only its
// folder is checked. Relative links between the Markdown files resolve too.
import assert from "node:assert/strict";
import { existsSync, globSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { repositoryRoot } from "./import-boundaries.ts";

const roots = ["app", "bench", "content", "deploy", "docs", "domain", "scripts", "server", "tests"];
// A root's name after anything that would make it part of another path or word (`build/server/…`,
// `/staff/…`, `node_modules/.bin`), then path characters. A trailing dot ends a sentence.
const namedPath = new RegExp(`(?<![\\w./@~-])(?:${roots.join("|")})/[\\w.*/@-]*`, "g");
const goneMarker = /^`? \(since removed/;

function documents(): string[] {
  const markdown = ["README.md", ...globSync("docs/**/*.md", { cwd: repositoryRoot })];
  const deployed = globSync("deploy/**/*", { cwd: repositoryRoot }).filter((path) =>
    statSync(join(repositoryRoot, path)).isFile(),
  );
  return [...markdown, ...deployed].sort();
}

function exists(path: string): boolean {
  return path.includes("*")
    ? globSync(path, { cwd: repositoryRoot }).length > 0
    : existsSync(join(repositoryRoot, path));
}

test("every repository path the README, docs/ and deploy/ name exists or is marked gone", () => {
  const missing: string[] = [];
  for (const document of documents()) {
    const text = readFileSync(join(repositoryRoot, document), "utf8");
    for (const match of text.matchAll(namedPath)) {
      const end = match.index + match[0].length;
      if (text[end] === "<" || text[end] === "{") continue;
      const path = match[0].replace(/\.+$/, "");
      if (goneMarker.test(text.slice(end, end + 20))) continue;
      if (!exists(path)) missing.push(`${document}: ${path}`);
    }
  }
  assert.deepEqual(missing, []);
});

test("every relative link in the README and docs/ reaches a file", () => {
  const broken: string[] = [];
  for (const document of documents().filter((path) => path.endsWith(".md"))) {
    const text = readFileSync(join(repositoryRoot, document), "utf8");
    for (const [, link = ""] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = link.split("#")[0] ?? "";
      // An address of the site (`/documents`) or a word in an example of the markup is no file.
      if (!/[./]/.test(target) || /^(\/|[a-z]+:)/i.test(target)) continue;
      if (!existsSync(join(repositoryRoot, dirname(document), target)))
        broken.push(`${document}: ${link}`);
    }
  }
  assert.deepEqual(broken, []);
});
