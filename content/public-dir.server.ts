import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project's `public/` folder. Found by walking up from this module to the folder holding
 * package.json, because the module runs both from `content/` (scripts, tests) and bundled into
 * `build/server/` (prerender loaders), where a fixed relative path would point elsewhere.
 */
function findPublicDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, "package.json")) && existsSync(join(dir, "public"))) {
      return join(dir, "public");
    }
    const parent = dirname(dir);
    if (parent === dir) return resolve(process.cwd(), "public");
    dir = parent;
  }
}

export const publicDir = findPublicDir();

/** The file a site-absolute href ('/docs/ustav.pdf') names under `public/`. */
export function publicFilePath(href: string): string {
  if (!href.startsWith("/") || href.split("/").includes("..")) {
    throw new Error(`Not a site-absolute file href: ${href}`);
  }
  return join(publicDir, ...href.slice(1).split("/"));
}
