// Issue 27: the server's rooms stay small enough to read whole. No production file in server/ is
// longer than 300 lines, but the migrations (a list that only grows, one step after another).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { repositoryRoot } from "./import-boundaries.ts";

const longest = 300;
const exempt = new Set(["server/db/migrations.ts"]);

test(`no production file in server/ is over ${longest} lines (but the migrations)`, () => {
  const server = join(repositoryRoot, "server");
  const tooLong = readdirSync(server, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => relative(repositoryRoot, join(server, name)))
    .filter((path) => !exempt.has(path))
    .map((path) => ({
      path,
      lines: readFileSync(join(repositoryRoot, path), "utf8").split("\n").length - 1,
    }))
    .filter(({ lines }) => lines > longest)
    .map(({ path, lines }) => `${path}: ${lines} lines`);
  assert.deepEqual(tooLong, []);
});
