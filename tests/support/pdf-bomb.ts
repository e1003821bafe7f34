// A decompression-bomb PDF for the search's tests and benchmark (issue 40): one page whose
// content stream is a few words and then `spacesMib` MiB of spaces, Flate-compressed. 300 MiB
// come to about 300 KB, as the probe's file did. The stream is made without inflating anything:
// a compressed mebibyte of spaces, flushed to a byte boundary, repeated, and its Adler-32 counted.
import { constants, deflateRawSync } from "node:zlib";

const mebibyte = 1 << 20;
const modulus = 65521n;

/** zlib's Adler-32 of `prefix` followed by `count` spaces, without the spaces in memory. */
function adler32(prefix: Uint8Array, count: bigint): number {
  let a = 1n;
  let b = 0n;
  for (const byte of prefix) {
    a = (a + BigInt(byte)) % modulus;
    b = (b + a) % modulus;
  }
  // Each space adds 32 to a, and b adds each a in turn.
  b = (b + count * a + 32n * ((count * (count + 1n)) / 2n)) % modulus;
  a = (a + 32n * count) % modulus;
  return Number((b << 16n) | a);
}

/** A zlib stream of `prefix` and then `spacesMib` MiB of spaces. */
export function spacesDeflated(prefix: string, spacesMib: number): Buffer {
  const flushed = { level: 9, finishFlush: constants.Z_FULL_FLUSH };
  const head = Buffer.from(prefix, "latin1");
  const spaces = deflateRawSync(Buffer.alloc(mebibyte, 0x20), flushed);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(adler32(head, BigInt(spacesMib) * BigInt(mebibyte)));
  return Buffer.concat([
    // zlib's header (deflate, 32 KB window, best compression).
    Buffer.from([0x78, 0xda]),
    deflateRawSync(head, flushed),
    ...Array.from({ length: spacesMib }, () => spaces),
    // The last block: empty, fixed codes.
    Buffer.from([0x03, 0x00]),
    checksum,
  ]);
}

/** A one-page PDF (with its cross-reference table) whose page says `words` then is all spaces. */
export function pdfBomb(spacesMib: number, words = "Bomb"): Buffer {
  const content = spacesDeflated(`BT /F1 12 Tf 72 720 Td (${words}) Tj ET\n`, spacesMib);
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  const parts: Buffer[] = [Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  const add = (part: Buffer) => {
    parts.push(part);
    length += part.length;
  };
  objects.forEach((body, index) => {
    offsets.push(length);
    add(Buffer.from(`${index + 1} 0 obj\n${body}\nendobj\n`, "latin1"));
  });
  offsets.push(length);
  add(Buffer.from(`5 0 obj\n<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`));
  add(content);
  add(Buffer.from("\nendstream\nendobj\n"));
  const xref = length;
  const entries = offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`);
  add(
    Buffer.from(
      `xref\n0 6\n0000000000 65535 f \n${entries.join("")}trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}
