// Issue 27, widened by issue 41: every room stays small enough to read whole. No production file
// in app/, domain/, server/ or content/ is longer than 300 lines, but the migrations (a list
// that only grows, one step after another). A file over it is split along its own seams (a
// page into its sections, a form into its parts), never squeezed.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { repositoryRoot } from "./import-boundaries.ts";

const longest = 300;
const folders = ["app", "domain", "server", "content"];
const exempt = new Set(["server/db/migrations.ts"]);

test(`no production file in ${folders.join("/, ")}/ is over ${longest} lines (but the migrations)`, () => {
  const tooLong = folders
    .flatMap((folder) =>
      readdirSync(join(repositoryRoot, folder), { recursive: true, encoding: "utf8" })
        .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
        .map((name) => relative(repositoryRoot, join(repositoryRoot, folder, name))),
    )
    .filter((path) => !exempt.has(path))
    .map((path) => ({
      path,
      lines: readFileSync(join(repositoryRoot, path), "utf8").split("\n").length - 1,
    }))
    .filter(({ lines }) => lines > longest)
    .map(({ path, lines }) => `${path}: ${lines} lines`);
  assert.deepEqual(tooLong, []);
});
