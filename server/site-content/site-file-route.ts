/**
 * The public address of every file editors uploaded (decision 0036): `/files/<id>/<name>`, with
 * the original name on download (Content-Disposition), the SHA-256 as its ETag, and a year's
 * caching: a kept file never changes, so an address once cited keeps giving the same bytes, also
 * after the page lists a newer file. Served as an attachment under a sandbox policy with
 * `nosniff`, as the staff's files are: nothing uploaded is ever a page of this site.
 */
import contentDisposition from "content-disposition";
import type { FastifyInstance } from "fastify";
import { maxFileNameLength } from "../../domain/attachments/submitted-file.ts";
import { siteFileAddress, siteFileAddressPattern } from "../../domain/site-content/site-files.ts";
import type { SiteFileService } from "./site-file-service.ts";

const siteFileRoute = "/files/:id/:name";

/**
 * The router's longest path parameter (find-my-way's `maxParamLength`, 100 by default, measured
 * on the decoded name in UTF-16 units): a kept name has up to `maxFileNameLength` characters
 * and the extension of its real type added (".docx"), each character up to two units (outside
 * the BMP). A longer parameter answered 404 for a name the upload had kept (issue 40).
 */
export const siteFileNameParamLength = 2 * (maxFileNameLength + ".docx".length);

const notFound = "Файл не найден.";

export function registerSiteFileRoute(app: FastifyInstance, files: Pick<SiteFileService, "read">) {
  app.get(siteFileRoute, async (request, reply) => {
    const { id, name } = request.params as { id: string; name: string };
    const address = siteFileAddress(id, name);
    // Only a well-formed address reaches the store (PostgreSQL refuses a malformed UUID).
    const file = siteFileAddressPattern.test(address) ? await files.read(id) : undefined;
    reply.header("x-content-type-options", "nosniff").header("content-security-policy", "sandbox");
    if (!file || file.fileName !== name) {
      return reply.code(404).type("text/plain; charset=utf-8").send(notFound);
    }
    const etag = `"${file.sha256}"`;
    reply
      .header("etag", etag)
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("last-modified", new Date(file.createdAt).toUTCString());
    if (request.headers["if-none-match"] === etag) return reply.code(304).send();
    return reply
      .type(file.mediaType)
      .header("content-disposition", contentDisposition(file.fileName))
      .send(file.content);
  });
}
