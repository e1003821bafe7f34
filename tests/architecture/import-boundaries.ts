/**
 * The one-way flow between the top-level folders, as data, and the check that reads every import
 * of every source file against it. `import-boundaries.test.ts` runs it in `npm test`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";

export const repositoryRoot = resolve(import.meta.dirname, "../..");

type Folder = "app" | "bench" | "content" | "domain" | "scripts" | "server" | "tests";

/**
 * What each folder must never import, and why. `domain/` holds the rules the page and the server
 * share: it stands below everything else. `server/` meets the pages only through the built files
 * and React Router's server build; `app/` never sees the server.
 */
const forbiddenImports: Record<Folder, { folders: Folder[]; why: string }> = {
  domain: {
    folders: ["app", "server", "content", "scripts", "tests", "bench"],
    why: "domain/ holds the shared rules and stands below every other folder",
  },
  content: {
    folders: ["app", "server", "scripts", "tests", "bench"],
    why: "content/ is data; pages and the server read it, never the other way",
  },
  app: {
    folders: ["server", "scripts", "tests", "bench"],
    why: "app/ is the pages; it reaches the server only through React Router's load context",
  },
  server: {
    folders: ["app", "scripts", "tests", "bench"],
    why: "server/ meets the pages only through the built files and React Router's server build",
  },
  scripts: { folders: ["tests", "bench"], why: "scripts/ are build and operator commands" },
  // Benchmarks reuse the end-to-end harness (the real server and browser).
  bench: { folders: [], why: "" },
  tests: { folders: [], why: "" },
};

/**
 * Test files anywhere may use the shared test support (real databases, a real SMTP server, the
 * app in-process); production files never import tests/.
 */
const testSupport = "tests/support";

/**
 * Database drivers, and the only folder whose production files may import them: every SQL
 * statement goes through the data layer (server/db/database.ts), on SQLite and PostgreSQL alike.
 */
const databaseDrivers = ["pg", "node:sqlite"];
const dataLayerFolder = "server/db";

/**
 * Packages the shared rules may use, in production files: platform-neutral ones only (no Node
 * built-ins, no DOM, no server libraries), so both the page and the server can load them.
 */
const domainPackages = [
  "zod",
  "react-router",
  // The Snowball Russian stemmer of the search's text rules (decision 0042): plain JavaScript.
  "@orama/stemmers",
  // A picture's width and height from its header (domain/site-content/image-size.ts): pure bytes.
  "image-size",
];

const sourceFile = /\.(ts|tsx)$/;
const testFile = /\.test\.(ts|tsx)$/;
const importPattern =
  /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?(?:[^"';]*?\sfrom\s*)?["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)/g;

/** Every module specifier a file imports (static, re-exported, dynamic, `typeof import`). */
export function importsOf(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(importPattern)) {
    const specifier = match[1] ?? match[2];
    if (specifier) found.push(specifier);
  }
  return found;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(repositoryRoot, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && sourceFile.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !path.split(sep).includes("node_modules"));
}

function topFolder(absolutePath: string): string {
  return relative(repositoryRoot, absolutePath).split(sep)[0] ?? "";
}

/** One line per import that runs the wrong way; empty when the flow is one-way. */
export function findBoundaryViolations(): string[] {
  const problems: string[] = [];
  for (const [folder, rule] of Object.entries(forbiddenImports) as [
    Folder,
    (typeof forbiddenImports)[Folder],
  ][]) {
    for (const file of sourceFiles(folder)) {
      const shown = relative(repositoryRoot, file).split(sep).join("/");
      for (const specifier of importsOf(readFileSync(file, "utf8"))) {
        if (specifier.startsWith(".")) {
          const resolved = resolve(dirname(file), specifier);
          const target = topFolder(resolved);
          const supportForATest =
            testFile.test(file) &&
            relative(repositoryRoot, resolved).split(sep).join("/").startsWith(`${testSupport}/`);
          if ((rule.folders as string[]).includes(target) && !supportForATest) {
            problems.push(
              `${shown} imports "${specifier}": ${folder}/ must not import ${target}/ (${rule.why})`,
            );
          }
        } else if (
          databaseDrivers.includes(specifier) &&
          !["tests", "bench"].includes(folder) &&
          !testFile.test(file) &&
          !shown.startsWith(`${dataLayerFolder}/`)
        ) {
          problems.push(
            `${shown} imports "${specifier}": only ${dataLayerFolder}/ talks to the database (server/db/database.ts)`,
          );
        } else if (folder === "domain" && !testFile.test(file)) {
          const name = specifier.startsWith("@")
            ? specifier.split("/").slice(0, 2).join("/")
            : specifier.split("/")[0];
          const builtin = specifier.startsWith("node:") || builtinModules.includes(name ?? "");
          if (builtin || !domainPackages.includes(name ?? "")) {
            problems.push(
              `${shown} imports "${specifier}": domain/ uses only ${domainPackages.join(", ")} (no Node built-ins, no DOM, no server libraries)`,
            );
          }
        }
      }
    }
  }
  return problems;
}

/** A statement that writes or defines tables, as it would appear in a source file. */
const sqlStatement =
  /\b(CREATE TABLE|INSERT INTO|DELETE FROM|UPDATE [a-z_]+ SET|SELECT [^"'`]*? FROM [a-z_]+)/;

/**
 * Production files outside the data layer that hold SQL: the data layer is the one place where
 * SQL is written, so a change of schema is a change of one folder.
 */
export function findSqlOutsideDataLayer(): string[] {
  const found: string[] = [];
  for (const folder of ["app", "content", "domain", "scripts", "server"]) {
    for (const file of sourceFiles(folder)) {
      const shown = relative(repositoryRoot, file).split(sep).join("/");
      if (testFile.test(file) || shown.startsWith(`${dataLayerFolder}/`)) continue;
      const match = sqlStatement.exec(readFileSync(file, "utf8"));
      if (match) found.push(`${shown}: ${match[0]}`);
    }
  }
  return found;
}

/**
 * The floors inside server/: the data layer (server/db/) stands below every room, and the pages'
 * door (server/pages/) above them all, reached only from the assembly (server/app.ts). A
 * production file that imports against these is listed.
 */
export function findServerFloorViolations(): string[] {
  const problems: string[] = [];
  for (const file of sourceFiles("server")) {
    const shown = relative(repositoryRoot, file).split(sep).join("/");
    if (testFile.test(file)) continue;
    for (const specifier of importsOf(readFileSync(file, "utf8"))) {
      if (!specifier.startsWith(".")) continue;
      const target = relative(repositoryRoot, resolve(dirname(file), specifier))
        .split(sep)
        .join("/");
      const room = target.split("/").length > 2 ? target.split("/")[1] : undefined;
      if (
        shown.startsWith(`${dataLayerFolder}/`) &&
        target.startsWith("server/") &&
        room &&
        room !== "db"
      ) {
        problems.push(
          `${shown} imports "${specifier}": server/db/ stands below the rooms of server/`,
        );
      }
      if (
        room === "pages" &&
        !shown.startsWith("server/pages/") &&
        shown !== "server/app.ts" &&
        shown !== "server/main.ts"
      ) {
        problems.push(
          `${shown} imports "${specifier}": only server/app.ts and main.ts reach the pages' door`,
        );
      }
    }
  }
  return problems;
}

/**
 * React Router load contexts made anywhere but the one page context (domain/pages/page-context.ts):
 * every page reaches the server through that one typed context, a port per feature.
 */
export function findOtherLoadContexts(): string[] {
  const found: string[] = [];
  for (const folder of ["app", "domain", "server"]) {
    for (const file of sourceFiles(folder)) {
      const shown = relative(repositoryRoot, file).split(sep).join("/");
      if (testFile.test(file) || shown === "domain/pages/page-context.ts") continue;
      if (/\bcreateContext\s*[<(]|Symbol\.for\(/.test(readFileSync(file, "utf8")))
        found.push(shown);
    }
  }
  return found;
}
