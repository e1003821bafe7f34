import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fresh from "fresh";
import Negotiator from "negotiator";
import parseRange from "range-parser";
import { applyPagePolicy, type PagePolicies } from "./security-headers.ts";
import type { SiteFile, SiteFiles } from "./site-files.ts";

/**
 * Serves the prerendered site from memory (faster than @fastify/static from disk: the figure is
 * in docs/decisions/0010-hardening-the-public-service.md): precompressed variants chosen by
 * Accept-Encoding with its q-values, ETag and Last-Modified with 304, byte ranges (206, 416,
 * If-Range) so downloads resume, year-long caching for hashed assets, revalidation for
 * everything else, a Russian 404 page for unknown pages. HEAD is GET without the body (Fastify).
 */
export function registerStaticSite(app: FastifyInstance, site: SiteFiles, policies: PagePolicies) {
  app.get("/*", async (request, reply) => {
    const path = requestPath(request.url);
    if (path === undefined)
      return reply.code(400).type("text/plain; charset=utf-8").send("Неверный адрес");

    const file = site.byPath.get(path);
    if (file) {
      applyPagePolicy(reply, path, file, policies);
      return sendFile(request, reply, file, 200);
    }

    // One address per page: "/contacts/" -> "/contacts".
    if (path.length > 1 && path.endsWith("/") && site.byPath.has(path.slice(0, -1))) {
      const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
      return reply.redirect(`${path.slice(0, -1)}${query}`, 301);
    }
    // A missing file (an address with an extension) gets a plain answer, not a whole page.
    if (/\.[a-z0-9]+$/i.test(path)) {
      return reply
        .code(404)
        .header("cache-control", "no-cache")
        .type("text/plain; charset=utf-8")
        .send("Файл не найден");
    }
    applyPagePolicy(reply, path, site.notFoundPage, policies);
    return sendFile(request, reply, site.notFoundPage, 404);
  });
}

function requestPath(url: string): string | undefined {
  const raw = url.split("?")[0] ?? "/";
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/**
 * The variant the client prefers by its q-values (negotiator: `br;q=0` refuses brotli even after
 * `*`), brotli before gzip when equal; the plain file when it accepts neither.
 */
function chooseEncoding(request: FastifyRequest, file: SiteFile): "br" | "gzip" | undefined {
  const offered = [...(file.brotli ? ["br"] : []), ...(file.gzip ? ["gzip"] : []), "identity"];
  const chosen = preferredEncoding(new Negotiator(request), offered);
  return chosen === "br" || chosen === "gzip" ? chosen : undefined;
}

// negotiator 1.0 takes the server's preference for ties; @types/negotiator (0.6) does not say so.
const preferredEncoding = (negotiator: Negotiator, offered: string[]) =>
  (
    negotiator.encoding as (
      available: string[],
      options: { preferred: string[] },
    ) => string | undefined
  ).call(negotiator, offered, { preferred: offered });

function sendFile(request: FastifyRequest, reply: FastifyReply, file: SiteFile, status: number) {
  reply.header("content-type", file.contentType).header("cache-control", file.cacheControl);
  if (file.brotli || file.gzip) reply.header("vary", "accept-encoding");
  if (status !== 200) {
    const encoding = chooseEncoding(request, file);
    if (encoding) reply.header("content-encoding", encoding);
    return reply.code(status).send(variant(file, encoding));
  }

  reply.header("accept-ranges", "bytes").header("last-modified", file.modified.toUTCString());
  const range = request.headers.range;
  // A byte range is of the plain file: a resumed download needs the same bytes every time.
  if (range !== undefined && rangeApplies(request, file)) {
    reply.header("etag", file.etag);
    const ranges = parseRange(file.body.length, range, { combine: true });
    if (ranges === -1) {
      return reply.code(416).header("content-range", `bytes */${file.body.length}`).send();
    }
    // Malformed, another unit, or several ranges (multipart is not worth it here): the whole file.
    if (ranges !== -2 && ranges.type === "bytes" && ranges.length === 1) {
      const { start, end } = ranges[0] as parseRange.Range;
      if (fresh(request.headers, { etag: file.etag })) return reply.code(304).send();
      return reply
        .code(206)
        .header("content-range", `bytes ${start}-${end}/${file.body.length}`)
        .send(file.body.subarray(start, end + 1));
    }
  }

  const encoding = chooseEncoding(request, file);
  const etag = encoding ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag;
  reply.header("etag", etag);
  if (fresh(request.headers, { etag, "last-modified": file.modified.toUTCString() })) {
    return reply.code(304).send();
  }
  if (encoding) reply.header("content-encoding", encoding);
  return reply.code(200).send(variant(file, encoding));
}

function variant(file: SiteFile, encoding: "br" | "gzip" | undefined): Buffer {
  if (encoding === "br" && file.brotli) return file.brotli;
  if (encoding === "gzip" && file.gzip) return file.gzip;
  return file.body;
}

/**
 * If-Range: the range is sent only when the client's copy is still this file (its strong ETag or
 * a date not older than the file); otherwise the whole file, so a resumed download never mixes
 * two versions.
 */
function rangeApplies(request: FastifyRequest, file: SiteFile): boolean {
  const header = request.headers["if-range"];
  if (header === undefined) return true;
  const ifRange = String(header);
  if (ifRange.startsWith('"') || ifRange.startsWith("W/")) return ifRange === file.etag;
  const since = Date.parse(ifRange);
  return !Number.isNaN(since) && Math.floor(file.modified.getTime() / 1000) * 1000 <= since;
}
