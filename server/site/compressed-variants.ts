import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * The site's precompressed variants and ETag of one file, with the same settings for the build
 * (scripts/compress-build.ts), for the settings written in at start (site-settings.ts, through its
 * cache, compressed-cache.ts) and for a page published by staff (server/site-content/, after its
 * quick variants): the strongest, since each file is compressed once and sent many times.
 * `smallerVariants` leaves out a variant that saves nothing, as the build does.
 */
export const smallerVariants = (body: Buffer) => variantsAt(body, 11);

function variantsAt(body: Buffer, brotliQuality: number): { brotli?: Buffer; gzip?: Buffer } {
  const brotli = brotliOf(body, brotliQuality);
  const gzip = gzipOf(body);
  return {
    ...(brotli.length < body.length ? { brotli } : {}),
    ...(gzip.length < body.length ? { gzip } : {}),
  };
}

export const brotliOf = (body: Buffer, quality = 11) =>
  brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });

/**
 * The variants of a page that must be served at once (a publish, decision 0048): brotli at
 * quality 5, measured 0.8 ms against 41.7 ms at quality 11 on /contacts' 48 KB, 10 % larger
 * (10,325 B against 9,383 B). The publisher puts the strongest in later, page by page.
 */
export const quickVariants = (body: Buffer) => variantsAt(body, 5);

export const gzipOf = (body: Buffer) => gzipSync(body, { level: 9 });

/** A strong ETag from the bytes: a page's changes, its validator changes with it. */
export function etagOf(body: Buffer): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
}
