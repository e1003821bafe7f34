import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fresh from "fresh";
import parseRange from "range-parser";
import type { HeaderSet, PagePolicies } from "../http/security-headers.ts";
import { chooseEncoding, type EncodingChoices, variant } from "./encoding-choice.ts";
import type { SiteFile, SiteFiles } from "./site-files.ts";

/**
 * Serves the prerendered site from memory (faster than @fastify/static from disk: the figure is
 * in docs/decisions/0010-hardening-the-public-service.md): precompressed variants chosen by
 * Accept-Encoding with its q-values, ETag and Last-Modified with 304, byte ranges (206, 416,
 * If-Range) so downloads resume, year-long caching for hashed assets, revalidation for
 * everything else, a Russian 404 page for unknown pages. HEAD is GET without the body (Fastify).
 * Returns the writer of a whole file for the requests that ask for nothing else, which the server
 * answers before Fastify (server/site/page-fast-lane.ts).
 */
export function registerStaticSite(
  app: FastifyInstance,
  {
    site,
    policies,
    stopping,
  }: { site: SiteFiles; policies: PagePolicies; stopping: () => boolean },
) {
  const answers = new Map<string, PreparedFile>();
  for (const [path, file] of site.byPath) answers.set(path, prepareFile(path, file, policies));
  let notFound = prepareFile(notFoundPath, site.notFoundPage, policies);

  // Not async: the answer is sent at once, and Fastify then needs no promise to follow.
  app.get("/*", (request, reply) => {
    answer(request, reply);
  });

  /**
   * The file at this path (the URL's path, not decoded), sent whole, when the request asks for
   * it plainly: no range and no condition (those go through Fastify and `sendFile`).
   */
  function sendWholeFile(path: string, request: IncomingMessage, response: ServerResponse) {
    if (path.includes("%")) return false;
    const prepared = answers.get(path);
    if (prepared === undefined) return false;
    const headers = request.headers;
    if (
      headers.range !== undefined ||
      headers["if-none-match"] !== undefined ||
      headers["if-modified-since"] !== undefined
    ) {
      return false;
    }
    const encoding = chooseEncoding(headers["accept-encoding"], prepared);
    writeWholeFile(prepared, encoding, request.method, response);
    return true;
  }

  function answer(request: FastifyRequest, reply: FastifyReply) {
    const path = requestPath(request.url);
    if (path === undefined)
      return reply.code(400).type("text/plain; charset=utf-8").send("Неверный адрес");

    const prepared = answers.get(path);
    if (prepared) return sendFile(request, reply, prepared, stopping);

    // One address per page: "/contacts/" -> "/contacts".
    if (path.length > 1 && path.endsWith("/") && answers.has(path.slice(0, -1))) {
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
    const encoding = chooseEncoding(request.headers["accept-encoding"], notFound);
    return reply
      .code(404)
      .headers(encoding ? notFound[encoding].notFound : notFound.plain.notFound)
      .send(variant(notFound.file, encoding));
  }

  /**
   * A file replaced while the server runs (a published page, the sitemap): its answer is prepared
   * whole (headers, policy with the new inline blocks' hashes, ETag), then takes the old one's
   * place in one assignment: a request meets the old file or the new one, never a mix nor a gap.
   */
  function replaceFile(path: string, file: SiteFile) {
    if (path === notFoundPath) notFound = prepareFile(path, file, policies);
    else if (answers.has(path)) answers.set(path, prepareFile(path, file, policies));
    else throw new Error(`${path} is not a file of the site`);
  }

  /**
   * A page the build did not have (an announcement's, issue 28), or its new version: prepared
   * whole, then served from one assignment on, like a replaced file.
   */
  function addFile(path: string, file: SiteFile) {
    if (path === notFoundPath) throw new Error("the 404 page is replaced, not added");
    answers.set(path, prepareFile(path, file, policies));
  }

  /** A page taken off the site (an announcement unpublished): its address answers 404 again. */
  function removeFile(path: string) {
    answers.delete(path);
  }

  const file = (path: string) => (path === notFoundPath ? notFound : answers.get(path))?.file;

  return { sendWholeFile, file, replaceFile, addFile, removeFile, catchAllRoute: "/*" };
}

/** The path the 404 page's policy is worked out for: no page of its own. */
const notFoundPath = "/404";

/** The headers of one variant of a file, each kind of answer's worked out when the site loads. */
type VariantHeaders = {
  /** 200: type, caching, Vary, Accept-Ranges, Last-Modified, ETag, Content-Encoding, policy. */
  ok: HeaderSet;
  /** 304: the same but Content-Encoding (no body). */
  notModified: HeaderSet;
  /** 404 (the page-not-found page): type, caching, Vary, Content-Encoding, policy. */
  notFound: HeaderSet;
  /**
   * The whole 200 answer's headers as node:http takes them ([name, value, ...]): every answer's
   * security headers with the page's own policy, `ok`, and Content-Length.
   */
  rawOk: string[];
  etag: string;
};

/**
 * A file of the site with everything an answer needs that does not depend on the request: a
 * page is served thousands of times a second, and each header worked out per answer (the
 * date's text, the ETag per encoding, the policy) cost time the bare server does not spend.
 */
type PreparedFile = {
  file: SiteFile;
  plain: VariantHeaders;
  br: VariantHeaders;
  gzip: VariantHeaders;
  lastModified: string;
} & EncodingChoices;

function prepareFile(path: string, file: SiteFile, policies: PagePolicies): PreparedFile {
  const lastModified = file.modified.toUTCString();
  const policy = policies.policyOf(path, file);
  const common: Record<string, string> = {
    "content-type": file.contentType,
    "cache-control": file.cacheControl,
    ...(file.brotli || file.gzip ? { vary: "accept-encoding" } : {}),
    ...(policy === undefined ? {} : { "content-security-policy": policy }),
  };
  const headers = (encoding?: "br" | "gzip"): VariantHeaders => {
    const etag = encoding ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag;
    const contentEncoding: Record<string, string> = encoding
      ? { "content-encoding": encoding }
      : {};
    const notModified = {
      ...common,
      "accept-ranges": "bytes",
      "last-modified": lastModified,
      etag,
    };
    const ok = Object.freeze({ ...notModified, ...contentEncoding });
    const length = variant(file, encoding).length;
    return {
      ok,
      rawOk: Object.entries({
        ...policies.everyAnswer,
        ...ok,
        "content-length": String(length),
      }).flat(),
      notModified: Object.freeze(notModified),
      notFound: Object.freeze({ ...common, ...contentEncoding }),
      etag,
    };
  };
  return {
    file,
    plain: headers(),
    br: headers("br"),
    gzip: headers("gzip"),
    offered: [...(file.brotli ? ["br"] : []), ...(file.gzip ? ["gzip"] : []), "identity"],
    chosen: new Map(),
    lastModified,
  };
}

function requestPath(url: string): string | undefined {
  const raw = url.split("?")[0] ?? "/";
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  prepared: PreparedFile,
  stopping: () => boolean,
) {
  const { file } = prepared;
  const range = request.headers.range;
  // A byte range is of the plain file: a resumed download needs the same bytes every time.
  if (range !== undefined && rangeApplies(request, file)) {
    const ranges = parseRange(file.body.length, range, { combine: true });
    if (ranges === -1) {
      return reply
        .code(416)
        .headers(prepared.plain.notModified)
        .header("content-range", `bytes */${file.body.length}`)
        .send();
    }
    // Malformed, another unit, or several ranges (multipart is not worth it here): the whole file.
    if (ranges !== -2 && ranges.type === "bytes" && ranges.length === 1) {
      const { start, end } = ranges[0] as parseRange.Range;
      reply.headers(prepared.plain.notModified);
      if (fresh(request.headers, { etag: file.etag })) return reply.code(304).send();
      return reply
        .code(206)
        .header("content-range", `bytes ${start}-${end}/${file.body.length}`)
        .send(file.body.subarray(start, end + 1));
    }
  }

  const encoding = chooseEncoding(request.headers["accept-encoding"], prepared);
  const headers = encoding ? prepared[encoding] : prepared.plain;
  if (
    (request.headers["if-none-match"] !== undefined ||
      request.headers["if-modified-since"] !== undefined) &&
    fresh(request.headers, { etag: headers.etag, "last-modified": prepared.lastModified })
  ) {
    return reply.code(304).headers(headers.notModified).send();
  }
  if (stopping()) return reply.code(200).headers(headers.ok).send(variant(file, encoding));
  // The common answer, written the way a bare node:http server writes it: headers and bytes
  // worked out when the site loaded, past Fastify's reply (its per-header work was a tenth of the
  // time spent on a page, decision 0016). Fastify's onResponse hooks (the log line, the metrics)
  // still run when the answer has gone. HEAD gets the same headers without the body.
  reply.hijack();
  writeWholeFile(prepared, encoding, request.method, reply.raw);
  return reply;
}

/** The 200 answer with the whole file in the chosen encoding; HEAD without the body. */
function writeWholeFile(
  prepared: PreparedFile,
  encoding: "br" | "gzip" | undefined,
  method: string | undefined,
  response: ServerResponse,
) {
  const headers = encoding ? prepared[encoding] : prepared.plain;
  response.writeHead(200, headers.rawOk);
  response.end(method === "HEAD" ? undefined : variant(prepared.file, encoding));
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
