/**
 * A file's type read from its content: `file-type`'s magic numbers, and what it leaves open.
 * - An old Office file (DOC, XLS) is a Compound File to `file-type`: its directory names the
 *   main stream, 'WordDocument' or 'Workbook' ('Book' in Excel 5), in UTF-16LE.
 * - Plain text has no magic number: valid UTF-8 without a NUL byte is text (an executable has
 *   NULs; anything `file-type` recognised is not text).
 */
import { fileTypeFromBuffer } from "file-type";

const compoundFile = "application/x-cfb";

const utf16 = (name: string) => Buffer.from(name, "utf16le");
const compoundStreams = [
  { stream: utf16("WordDocument"), mediaType: "application/msword" },
  { stream: utf16("Workbook"), mediaType: "application/vnd.ms-excel" },
  { stream: utf16("Book\0"), mediaType: "application/vnd.ms-excel" },
];

const utf8 = new TextDecoder("utf-8", { fatal: true });

export async function mediaTypeOf(content: Uint8Array): Promise<string | undefined> {
  const detected = await fileTypeFromBuffer(content);
  if (detected?.mime === compoundFile) {
    const bytes = Buffer.from(content.buffer, content.byteOffset, content.length);
    return compoundStreams.find((known) => bytes.includes(known.stream))?.mediaType ?? compoundFile;
  }
  if (detected) return detected.mime;
  return isText(content) ? "text/plain" : undefined;
}

function isText(content: Uint8Array): boolean {
  if (content.includes(0)) return false;
  try {
    utf8.decode(content);
    return true;
  } catch {
    return false;
  }
}
