import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { SiteFile, SiteFiles } from "./site-files.ts";

/**
 * Serves the prerendered site from memory: precompressed variants, year-long caching for hashed
 * assets, revalidation for everything else, a Russian 404 page for unknown pages.
 */
export function registerStaticSite(app: FastifyInstance, site: SiteFiles) {
  app.get("/*", async (request, reply) => {
    const path = requestPath(request.url);
    if (path === undefined)
      return reply.code(400).type("text/plain; charset=utf-8").send("Неверный адрес");

    const file = site.byPath.get(path);
    if (file) return sendFile(request, reply, file, 200);

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

function sendFile(request: FastifyRequest, reply: FastifyReply, file: SiteFile, status: number) {
  const accepted = String(request.headers["accept-encoding"] ?? "");
  const [body, encoding] =
    file.brotli && /\bbr\b/.test(accepted)
      ? [file.brotli, "br"]
      : file.gzip && /\bgzip\b/.test(accepted)
        ? [file.gzip, "gzip"]
        : [file.body, undefined];
  const etag = encoding ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag;

  reply.header("content-type", file.contentType).header("cache-control", file.cacheControl);
  if (file.brotli || file.gzip) reply.header("vary", "accept-encoding");
  if (status === 200) {
    reply.header("etag", etag);
    if (request.headers["if-none-match"] === etag) return reply.code(304).send();
  }
  if (encoding) reply.header("content-encoding", encoding);
  return reply.code(status).send(body);
}
