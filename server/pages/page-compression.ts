/**
 * The public pages the door renders (the search's results, the appeal's status, the form's answer
 * without JavaScript) are compressed as the built pages are served compressed: the search's
 * results for «анализ почвы» were 35,187 bytes on the wire, about 8 KB in brotli, on links where a
 * kilobyte costs (decision 0049). Brotli at quality 5, the publisher's quick setting (0.8 ms on a
 * 48 KB page), since each answer is compressed once and sent once.
 *
 * Never a staff page: they carry the CSRF token and the session's data next to what a request can
 * put in the page, which is what a compression side channel (BREACH) reads. A public page rendered
 * here holds no secret of the visitor's: what it shows, the request itself brought.
 */
import type { FastifyRequest } from "fastify";
import { brotliOf, gzipOf, quickBrotliQuality } from "../site/compressed-variants.ts";
import { chooseEncoding, type EncodingChoices } from "../site/encoding-choice.ts";

const choices: EncodingChoices = { offered: ["br", "gzip", "identity"], chosen: new Map() };

export type CompressedPage = { body: Buffer; encoding?: "br" | "gzip" };

/** The page in the encoding the client prefers, or as it is when that saves nothing. */
export function compressPage(request: FastifyRequest, html: string): CompressedPage {
  const body = Buffer.from(html, "utf8");
  const encoding = chooseEncoding(request.headers["accept-encoding"], choices);
  if (!encoding) return { body };
  const compressed = encoding === "br" ? brotliOf(body, quickBrotliQuality) : gzipOf(body);
  return compressed.length < body.length ? { body: compressed, encoding } : { body };
}
