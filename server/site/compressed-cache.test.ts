import assert from "node:assert/strict";
import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { compressedVariants } from "./compressed-cache.ts";

const page = Buffer.from(`<!doctype html><title>Контакты</title>${"<p>Текст</p>".repeat(200)}`);

test("variants are kept on disk by the text's hash and read back on the next start", async () => {
  const dir = await mkdtemp(join(tmpdir(), "compressed-cache-"));
  const first = compressedVariants(page, { brotli: true, gzip: true }, dir);
  assert.deepEqual(brotliDecompressSync(first.brotli ?? Buffer.alloc(0)), page);
  assert.deepEqual(gunzipSync(first.gzip ?? Buffer.alloc(0)), page);
  const files = (await readdir(dir)).sort();
  assert.equal(files.length, 2);
  assert.ok(files[0]?.endsWith(".br") && files[1]?.endsWith(".gz"));

  // The next start takes what is on disk, byte for byte: a valid gzip of the same text, made
  // differently (level 1), is what it gets back, not a fresh level-9 compression.
  const levelOne = gzipSync(page, { level: 1 });
  assert.notDeepEqual(levelOne, first.gzip);
  await writeFile(join(dir, files[1] ?? ""), levelOne);
  const second = compressedVariants(page, { brotli: true, gzip: true }, dir);
  assert.deepEqual(second.gzip, levelOne);
  assert.deepEqual(second.brotli, await readFile(join(dir, files[0] ?? "")));
});

test("a damaged or foreign cached file is never served: the text is compressed afresh", async () => {
  const dir = await mkdtemp(join(tmpdir(), "compressed-cache-"));
  compressedVariants(page, { brotli: true, gzip: true }, dir);
  const files = await readdir(dir);
  const other = compressedVariants(
    Buffer.from("другая страница"),
    { brotli: true, gzip: true },
    undefined,
  );
  for (const name of files) {
    await writeFile(join(dir, name), name.endsWith(".br") ? (other.brotli ?? "") : "not gzip");
  }
  const again = compressedVariants(page, { brotli: true, gzip: true }, dir);
  assert.deepEqual(brotliDecompressSync(again.brotli ?? Buffer.alloc(0)), page);
  assert.deepEqual(gunzipSync(again.gzip ?? Buffer.alloc(0)), page);
});

test("only the variants the built file had; no directory, no cache, same answer", async () => {
  const none = compressedVariants(page, { brotli: false, gzip: true }, undefined);
  assert.equal(none.brotli, undefined);
  assert.deepEqual(gunzipSync(none.gzip ?? Buffer.alloc(0)), page);
  // A directory that cannot be made (its parent is a file), as on a read-only deployment.
  const file = join(await mkdtemp(join(tmpdir(), "compressed-cache-")), "a-file");
  await writeFile(file, "");
  const unwritable = compressedVariants(page, { brotli: true, gzip: false }, join(file, "cache"));
  assert.deepEqual(brotliDecompressSync(unwritable.brotli ?? Buffer.alloc(0)), page);
});
