import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * The site's precompressed variants and ETag of one file, with the same settings for the build
 * (scripts/compress-build.ts), for the settings written in at start (site-settings.ts, through its
 * cache, compressed-cache.ts) and for a page published by staff (server/site-content/): the
 * strongest, since each file is compressed once and sent many times. `smallerVariants` leaves out
 * a variant that saves nothing, as the build does.
 */
export function smallerVariants(body: Buffer): { brotli?: Buffer; gzip?: Buffer } {
  const brotli = brotliOf(body);
  const gzip = gzipOf(body);
  return {
    ...(brotli.length < body.length ? { brotli } : {}),
    ...(gzip.length < body.length ? { gzip } : {}),
  };
}

export const brotliOf = (body: Buffer) =>
  brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });

export const gzipOf = (body: Buffer) => gzipSync(body, { level: 9 });

/** A strong ETag from the bytes: a page's changes, its validator changes with it. */
export function etagOf(body: Buffer): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
}
