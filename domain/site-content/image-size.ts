/**
 * The width and height of an uploaded picture (JPEG, PNG, WebP), read from its header, so a page
 * can give `<img>` its width and height and keep its layout still while it loads (CLS 0,
 * decision 0040). Pure bytes: no Node, no DOM. Undefined when the header cannot be read.
 */
export type ImageSize = { width: number; height: number };

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

const sized = (width: number, height: number): ImageSize | undefined =>
  width > 0 && height > 0 ? { width, height } : undefined;

function pngSize(bytes: Uint8Array): ImageSize | undefined {
  if (bytes.length < 24 || ascii(bytes, 12, 4) !== "IHDR") return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return sized(view.getUint32(16), view.getUint32(20));
}

/** JPEG: the first start-of-frame segment (SOF0…SOF15 but DHT, JPG, DAC) holds the size. */
function jpegSize(bytes: Uint8Array): ImageSize | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1] ?? 0;
    // Fill bytes, and markers without a length (RSTn, TEM).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return sized(view.getUint16(at + 7), view.getUint16(at + 5));
    }
    at += 2 + view.getUint16(at + 2);
  }
  return undefined;
}

function webpSize(bytes: Uint8Array): ImageSize | undefined {
  if (bytes.length < 30 || ascii(bytes, 0, 4) !== "RIFF" || ascii(bytes, 8, 4) !== "WEBP") {
    return undefined;
  }
  const byte = (at: number) => bytes[at] ?? 0;
  const chunk = ascii(bytes, 12, 4);
  if (chunk === "VP8 ") {
    return sized((byte(26) | (byte(27) << 8)) & 0x3fff, (byte(28) | (byte(29) << 8)) & 0x3fff);
  }
  if (chunk === "VP8L") {
    const b1 = byte(22);
    return sized(
      1 + (byte(21) | ((b1 & 0x3f) << 8)),
      1 + ((b1 >> 6) | (byte(23) << 2) | ((byte(24) & 0x0f) << 10)),
    );
  }
  if (chunk === "VP8X") {
    return sized(
      1 + (byte(24) | (byte(25) << 8) | (byte(26) << 16)),
      1 + (byte(27) | (byte(28) << 8) | (byte(29) << 16)),
    );
  }
  return undefined;
}

export function imageSizeOf(format: string, bytes: Uint8Array): ImageSize | undefined {
  if (format === "PNG") return pngSize(bytes);
  if (format === "JPEG") return jpegSize(bytes);
  if (format === "WEBP") return webpSize(bytes);
  return undefined;
}
