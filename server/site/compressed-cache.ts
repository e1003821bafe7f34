import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { brotliOf, gzipOf } from "./compressed-variants.ts";

export type CompressedVariants = { brotli?: Buffer; gzip?: Buffer };

const encoders = {
  brotli: {
    extension: "br",
    // The build's settings (compressed-variants.ts): the same bytes as a fresh compression.
    encode: brotliOf,
    decode: (data: Buffer) => brotliDecompressSync(data),
  },
  gzip: {
    extension: "gz",
    encode: gzipOf,
    decode: (data: Buffer) => gunzipSync(data),
  },
} as const;

/**
 * The brotli (quality 11) and gzip (level 9) variants of a text the server writes at start (the
 * built pages with SITE_URL in them), kept in `cacheDir` under the hash of the text. Compressing
 * every page at quality 11 was a quarter of a start's CPU (1.4 s of 5.8 s measured), paid again by
 * every restart with the same build and settings; a cached variant is read instead. A cached file
 * is used only if it decompresses to exactly the text, so a damaged or foreign file is never
 * served: it is compressed afresh. Without `cacheDir`, or where it cannot be written (a read-only
 * deployment), each start compresses, as before.
 */
export function compressedVariants(
  body: Buffer,
  wanted: { brotli: boolean; gzip: boolean },
  cacheDir: string | undefined,
): CompressedVariants {
  const hash = createHash("sha256").update(body).digest("base64url");
  const variants: CompressedVariants = {};
  for (const kind of ["brotli", "gzip"] as const) {
    if (!wanted[kind]) continue;
    const encoder = encoders[kind];
    const path = cacheDir && join(cacheDir, `${hash}.${encoder.extension}`);
    const cached = path ? readIfSame(path, body, encoder.decode) : undefined;
    if (cached) {
      variants[kind] = cached;
      continue;
    }
    const encoded = encoder.encode(body);
    if (path && cacheDir) writeQuietly(cacheDir, path, encoded);
    variants[kind] = encoded;
  }
  return variants;
}

function readIfSame(
  path: string,
  body: Buffer,
  decode: (data: Buffer) => Buffer,
): Buffer | undefined {
  try {
    const data = readFileSync(path);
    return decode(data).equals(body) ? data : undefined;
  } catch {
    return undefined;
  }
}

/** Written whole or not at all (a temporary file renamed), so servers starting together agree. */
export function writeQuietly(cacheDir: string, path: string, data: Buffer) {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(temporary, data);
    renameSync(temporary, path);
  } catch {
    // A cache only: the variant is served from memory all the same.
  }
}
