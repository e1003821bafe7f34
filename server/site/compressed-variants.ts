import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";

/**
 * The site's precompressed variants and ETag of one file, with the same settings for the build
 * (scripts/compress-build.ts), for the settings written in at start (site-settings.ts, through its
 * cache, compressed-cache.ts) and for a page published by staff (server/site-content/, after its
 * quick variants): the strongest, since each file is compressed once and sent many times.
 * `smallerVariants` leaves out a variant that saves nothing, as the build does.
 */
export const smallerVariants = (body: Buffer) => variantsAt(body, 11);

type Variants = { brotli?: Buffer; gzip?: Buffer };

const variantsAt = (body: Buffer, brotliQuality: number): Variants =>
  smallerOnly(body, brotliOf(body, brotliQuality), gzipOf(body));

/** The variants that save bytes; one that does not is left out, as the build leaves it. */
function smallerOnly(body: Buffer, brotli: Buffer, gzip: Buffer): Variants {
  return {
    ...(brotli.length < body.length ? { brotli } : {}),
    ...(gzip.length < body.length ? { gzip } : {}),
  };
}

const brotliOptions = (body: Buffer, quality: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
  },
});

const gzipOptions = { level: 9 };

export const brotliOf = (body: Buffer, quality = 11) =>
  brotliCompressSync(body, brotliOptions(body, quality));

const brotliCompressAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * `smallerVariants` compressed on libuv's thread pool, not the main thread: the publisher's
 * refiner puts the build's compression into pages already served (decision 0048), and 40–60 ms a
 * page on the main thread delayed every request meanwhile (search p99 23–24 ms against 12.5 ms
 * once it was done, in the 10 s after a start with 200 announcements).
 */
export const smallerVariantsOffThread = (body: Buffer) => variantsOffThread(body, 11);

async function variantsOffThread(body: Buffer, brotliQuality: number): Promise<Variants> {
  const [brotli, gzipped] = await Promise.all([
    brotliCompressAsync(body, brotliOptions(body, brotliQuality)),
    gzipAsync(body, gzipOptions),
  ]);
  return smallerOnly(body, brotli, gzipped);
}

/** Brotli's quality for bytes sent at once: a publish's first variants, the door's pages. */
export const quickBrotliQuality = 5;

/**
 * The quick variants on libuv's thread pool, for a publish (issue 40): the news feed of 200
 * announcements of 20,000 characters is 4 MB, and its quick variants held the main thread
 * 70–110 ms; the publish waits for them, requests do not.
 */
export const quickVariantsOffThread = (body: Buffer) => variantsOffThread(body, quickBrotliQuality);

export const gzipOf = (body: Buffer) => gzipSync(body, gzipOptions);

/** A strong ETag from the bytes: a page's changes, its validator changes with it. */
export function etagOf(body: Buffer): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
}
