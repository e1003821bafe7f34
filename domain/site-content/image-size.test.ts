import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import { imageSizeOf, pictureLimits, pictureRefusal } from "./image-size.ts";

/** A PNG's first 24 bytes: signature, IHDR length and type, width and height. */
function pngHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 0);
  bytes.set(
    [...("IHDR" as string)].map((char) => char.charCodeAt(0)),
    12,
  );
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

test("a PNG's size is read from its IHDR", () => {
  assert.deepEqual(imageSizeOf("PNG", pngHeader(640, 427)), { width: 640, height: 427 });
});

test("a JPEG's size is read from its start-of-frame, after other segments", () => {
  const app0 = [0xff, 0xe0, 0, 4, 0, 0];
  const sof0 = [0xff, 0xc0, 0, 11, 8, 0x01, 0xe0, 0x02, 0x80, 3, 0, 0, 0];
  const jpeg = new Uint8Array([0xff, 0xd8, ...app0, ...sof0]);
  assert.deepEqual(imageSizeOf("JPEG", jpeg), { width: 640, height: 480 });
});

test("a WebP's size is read from VP8X, VP8L and VP8 headers", () => {
  const riff = (chunk: string, body: number[]) =>
    new Uint8Array([
      ...[..."RIFF"].map((c) => c.charCodeAt(0)),
      0,
      0,
      0,
      0,
      ...[..."WEBP"].map((c) => c.charCodeAt(0)),
      ...[...chunk].map((c) => c.charCodeAt(0)),
      ...body,
    ]);
  // VP8X: canvas 800 x 600 stored minus one, 24 bits each, from byte 24.
  const vp8x = riff("VP8X", [0, 0, 0, 0, 0, 0, 0, 0, 31, 3, 0, 87, 2, 0]);
  assert.deepEqual(imageSizeOf("WEBP", vp8x), { width: 800, height: 600 });
  // VP8L: 14 bits each, minus one, after the signature byte 0x2f at 20.
  const [w, h] = [320 - 1, 200 - 1];
  const vp8l = riff("VP8L", [
    0,
    0,
    0,
    0,
    0x2f,
    w & 0xff,
    ((w >> 8) & 0x3f) | ((h & 0x03) << 6),
    (h >> 2) & 0xff,
    (h >> 10) & 0x0f,
    0,
    0,
    0,
    0,
    0,
  ]);
  assert.deepEqual(imageSizeOf("WEBP", vp8l), { width: 320, height: 200 });
});

test("an unreadable header has no size", () => {
  assert.equal(imageSizeOf("PNG", new Uint8Array(10)), undefined);
  assert.equal(
    imageSizeOf("JPEG", new Uint8Array([0xff, 0xd8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])),
    undefined,
  );
  assert.equal(imageSizeOf("PDF", pngHeader(1, 1)), undefined);
});

test("real pictures: the answers' test photo (JPEG) and the site's icon (PNG)", async () => {
  const jpeg = await readFile(new URL("../../tests/fixtures/answer-photo.jpg", import.meta.url));
  assert.deepEqual(imageSizeOf("JPEG", jpeg), { width: 120, height: 80 });
  const png = await readFile(new URL("../../public/icons/favicon-32.png", import.meta.url));
  assert.deepEqual(imageSizeOf("PNG", png), { width: 32, height: 32 });
});

test("a picture past 8,000 points a side or 40 megapixels is refused in words naming the limit", () => {
  // The probe's bomb: 30000 × 30000 declared, 3.6 GB once decoded.
  const bomb = pictureRefusal("PNG", pngHeader(30_000, 30_000), "схема.png");
  assert.match(bomb ?? "", /^Картинка «схема\.png» не принята: 30000 × 30000 точек/);
  assert.match(bomb ?? "", /8000 × 8000 точек и 40 мегапикселей/);
  assert.match(bomb ?? "", /Ничего не сохранено\.$/);
  assert.ok(pictureRefusal("PNG", pngHeader(8001, 10), "a.png"), "one side too long");
  assert.ok(pictureRefusal("PNG", pngHeader(8000, 5001), "a.png"), "40,008,000 points");
  assert.equal(pictureRefusal("PNG", pngHeader(8000, 5000), "a.png"), undefined);
  assert.equal(pictureRefusal("PNG", pngHeader(640, 427), "a.png"), undefined);
  assert.equal(
    pictureLimits.maxSide * pictureLimits.maxSide > pictureLimits.maxPixels,
    true,
    "both limits count",
  );
});

test("a picture whose size cannot be read is refused; a file that is no picture is not judged", () => {
  assert.match(
    pictureRefusal("PNG", new Uint8Array(10), "битая.png") ?? "",
    /^Картинка «битая\.png» не принята: не удалось прочитать её размер/,
  );
  assert.equal(pictureRefusal("PDF", new Uint8Array(10), "устав.pdf"), undefined);
});
