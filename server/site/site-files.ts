import { readdir, readFile, stat } from "node:fs/promises";
import { extname, join, relative, sep } from "node:path";
import { notFoundPath } from "../../content/site-pages.ts";
import { fileTypes } from "../../domain/attachments/file-types.ts";
import { type InlineSources, inlineSources } from "../http/content-security-policy.ts";
import { etagOf } from "./compressed-variants.ts";

/** One file of the built site, held in memory with its precompressed variants. */
export type SiteFile = {
  body: Buffer;
  brotli?: Buffer;
  gzip?: Buffer;
  contentType: string;
  cacheControl: string;
  etag: string;
  /** When the file was built: Last-Modified, If-Modified-Since. */
  modified: Date;
  /** An HTML page's inline scripts and styles by hash, for its Content-Security-Policy. */
  inline?: InlineSources;
};

export type SiteFiles = {
  /** Keyed by URL path: "/", "/contacts", "/assets/site-abc123.css", "/docs/ustav.pdf". */
  byPath: Map<string, SiteFile>;
  /** The prerendered "page not found" document, sent with status 404. */
  notFoundPage: SiteFile;
  /**
   * Where the variants compressed at start (pages with the runtime settings written in) are kept
   * between starts: beside the built site, not inside it (server/site/compressed-cache.ts).
   */
  compressedCacheDir?: string;
  /** Where the text read from PDFs is kept between starts (server/search/file-text-cache.ts). */
  fileTextCacheDir?: string;
};

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".data": "text/x-script; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".atom": "application/atom+xml; charset=utf-8",
  ".svg": "image/svg+xml",
  ".jpeg": fileTypes.jpeg.mediaType,
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  // The build's documents and pictures (public/docs, forms, images): the types uploads know.
  ...Object.fromEntries(
    (["pdf", "doc", "docx", "xls", "xlsx", "png", "jpeg", "webp"] as const).map((key) => [
      `.${fileTypes[key].extension}`,
      fileTypes[key].mediaType,
    ]),
  ),
};

// Vite puts content-hashed files under /assets/: their address changes with their content.
const immutable = "public, max-age=31536000, immutable";
// Everything else may change under the same address: the browser asks again (ETag, 304).
const revalidate = "no-cache";

const notFoundFile = `${notFoundPath.slice(1)}/index.html`;

/**
 * Reads the whole built site into memory at start. It is small (tens of files), and answering
 * from memory is several times faster than reading the disk per request: the figures are in
 * docs/decisions/0010-hardening-the-public-service.md.
 */
export async function loadSiteFiles(siteDir: string): Promise<SiteFiles> {
  const entries = await readdir(siteDir, { recursive: true, withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(siteDir, join(entry.parentPath, entry.name)).split(sep).join("/"));
  const present = new Set(names);
  const byPath = new Map<string, SiteFile>();
  let notFoundPage: SiteFile | undefined;

  for (const name of names) {
    if (name.endsWith(".br") || name.endsWith(".gz")) continue;
    const body = await readFile(join(siteDir, name));
    const isHtml = name.endsWith(".html");
    const file: SiteFile = {
      body,
      brotli: present.has(`${name}.br`) ? await readFile(join(siteDir, `${name}.br`)) : undefined,
      gzip: present.has(`${name}.gz`) ? await readFile(join(siteDir, `${name}.gz`)) : undefined,
      contentType: contentTypes[extname(name).toLowerCase()] ?? "application/octet-stream",
      cacheControl: name.startsWith("assets/") ? immutable : revalidate,
      etag: etagOf(body),
      modified: (await stat(join(siteDir, name))).mtime,
      ...(isHtml ? { inline: inlineSources(body.toString("utf8")) } : {}),
    };
    if (name === notFoundFile) {
      notFoundPage = file;
      continue;
    }
    byPath.set(urlPathOf(name), file);
  }
  if (!notFoundPage || !byPath.has("/")) {
    throw new Error(`${siteDir} does not hold a built site (run npm run build)`);
  }
  return {
    byPath,
    notFoundPage,
    compressedCacheDir: join(siteDir, "..", "compressed-cache"),
    fileTextCacheDir: join(siteDir, "..", "file-text-cache"),
  };
}

/** "index.html" -> "/", "contacts/index.html" -> "/contacts", "docs/a.pdf" -> "/docs/a.pdf". */
function urlPathOf(name: string): string {
  if (name === "index.html") return "/";
  if (name.endsWith("/index.html")) return `/${name.slice(0, -"/index.html".length)}`;
  return `/${name}`;
}
