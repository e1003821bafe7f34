// In tests/, beside site-file-types.test.ts: the door of an editor's upload (checkedFile with the
// site's rules) refuses a decompression-bomb picture before anything is kept (issue 40, item 6):
// the probe's 30000 × 30000 PNG was accepted and published as <img width="30000" height="30000">.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import { deflateSync } from "node:zlib";
import { checkedFile } from "../../server/attachments/checked-file.ts";
import { siteFileRules, UploadRefusal } from "../../server/attachments/upload-rules.ts";

/** A CRC-32 of PNG chunks (zlib's polynomial). */
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A well-formed grey PNG of this declared size, its first rows of zeros (a bomb's start). */
function png(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc(Math.min(height, 16) * (width + 1));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", new Uint8Array()),
  ]);
}

test("a PNG declaring 30000 × 30000 points is refused at the door, naming the limit", async () => {
  await assert.rejects(checkedFile("Схема.png", png(30_000, 30_000), siteFileRules), (error) => {
    assert.ok(error instanceof UploadRefusal);
    assert.equal(error.status, 413);
    assert.ok(error.ofFiles);
    assert.match(error.message, /^Картинка «Схема\.png» не принята: 30000 × 30000 точек/);
    assert.match(error.message, /8000 × 8000 точек и 40 мегапикселей/);
    return true;
  });
});

test("pictures within the limits, and the site's real ones, pass the door", async () => {
  for (const [name, content] of [
    ["схема.png", png(8000, 5000)],
    ["иконка.png", await readFile("public/icons/favicon-32.png")],
    ["фото.jpg", await readFile("tests/fixtures/answer-photo.jpg")],
  ] as const) {
    const file = await checkedFile(name, content, siteFileRules);
    assert.equal(file.fileName, name);
  }
});
