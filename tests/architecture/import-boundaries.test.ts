import assert from "node:assert/strict";
import { test } from "node:test";
import {
  findBoundaryViolations,
  findOtherLoadContexts,
  findServerFloorViolations,
  findSqlOutsideDataLayer,
  importsOf,
} from "./import-boundaries.ts";

test("imports run one way: domain <- content <- app | server (see docs/decisions/0004)", () => {
  const violations = findBoundaryViolations();
  assert.deepEqual(violations, [], `wrong-way imports:\n${violations.join("\n")}`);
});

test("SQL is written only in the data layer (server/db)", () => {
  const found = findSqlOutsideDataLayer();
  assert.deepEqual(found, [], `SQL outside server/db:\n${found.join("\n")}`);
});

test("server/db/ stands below the rooms; only the assembly reaches the pages' door (decision 0027)", () => {
  const found = findServerFloorViolations();
  assert.deepEqual(found, [], `imports across server/'s floors:\n${found.join("\n")}`);
});

test("pages reach the server through one load context (domain/pages/page-context.ts)", () => {
  const found = findOtherLoadContexts();
  assert.deepEqual(found, [], `other load contexts:\n${found.join("\n")}`);
});

test("the import reader sees every form of import", () => {
  const source = `
    import { a } from "./a.ts";
    import type { B } from '../b.ts';
    import {
      c,
      d,
    } from "../../server/c.ts";
    import "./side-effect.css";
    import styles from "./x.css?inline";
    export { e } from "./e.ts";
    export * from "./f.ts";
    type M = typeof import("../g.ts");
    const h = await import("./h.ts");
    const notAnImport = "import x from './nope.ts'";
  `;
  assert.deepEqual(importsOf(source), [
    "./a.ts",
    "../b.ts",
    "../../server/c.ts",
    "./side-effect.css",
    "./x.css?inline",
    "./e.ts",
    "./f.ts",
    "../g.ts",
    "./h.ts",
  ]);
});
