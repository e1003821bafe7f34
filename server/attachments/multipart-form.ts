/**
 * The answer form's upload (multipart/form-data): its fields and files read while the request
 * streams in, with the limits enforced as the bytes arrive (a 200 MB upload is cut off at 10 MB,
 * never read into memory), and each file's type read from its content by `file-type`, never
 * from its name or the browser's word. The form's first field must be its CSRF token: it is read
 * before any file byte, and the staff area checks it before the rest is read.
 */
import type { Multipart, MultipartFile } from "@fastify/multipart";
import { fileTypeFromBuffer } from "file-type";
import {
  answerFileLimits,
  answerFileMessages,
  answerFileTypes,
} from "../../domain/staff/answer-files.ts";

export type UploadedFile = { fileName: string; mediaType: string; content: Buffer };

export type AnswerUpload = { fields: Array<[string, string]>; files: UploadedFile[] };

/** A refusal of the whole upload: its status and the Russian message the page shows. */
export class UploadRefusal extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** The parser's limits: busboy stops counting at these, the reader below at the exact ones. */
export const answerUploadLimits = {
  files: answerFileLimits.maxFiles,
  // One byte over the limit reaches the reader, which refuses at once: at the limit itself busboy
  // would quietly drop the rest of the part, and so read all of a 200 MB upload before the end.
  fileSize: answerFileLimits.maxTotalBytes + 1,
  fields: 10,
  // The text (20,000 characters of up to 4 bytes) and a margin.
  fieldSize: 100 * 1024,
  parts: 20,
  fieldNameSize: 50,
  headerPairs: 50,
} as const;

const formTooLarge = "Форма слишком большая.";
const unreadable = "Не удалось прочитать отправленную форму.";

/** What the multipart parser's errors mean for the person who sent the form. */
export function refusalOfParserError(error: unknown): UploadRefusal {
  if (error instanceof UploadRefusal) return error;
  switch ((error as { code?: unknown }).code) {
    case "FST_FILES_LIMIT":
      return new UploadRefusal(413, answerFileMessages.tooMany);
    case "FST_REQ_FILE_TOO_LARGE":
      return new UploadRefusal(413, answerFileMessages.tooLarge);
    case "FST_PARTS_LIMIT":
    case "FST_FIELDS_LIMIT":
      return new UploadRefusal(413, formTooLarge);
    default:
      return new UploadRefusal(400, unreadable);
  }
}

/**
 * The first part of the form, which must be the `_csrf` field: its value, or undefined (then the
 * CSRF check refuses the request and nothing more of it is read).
 */
export async function readCsrfPart(
  parts: AsyncIterableIterator<Multipart>,
): Promise<string | undefined> {
  const first = await parts.next();
  if (first.done || first.value.type !== "field" || first.value.fieldname !== "_csrf") {
    return undefined;
  }
  return String(first.value.value);
}

/**
 * The rest of the form: its fields as text (into `fields`, so a refusal midway still has the
 * text typed before the files), its files checked and kept in memory (at most 10 MB).
 */
export async function readAnswerUpload(
  parts: AsyncIterableIterator<Multipart>,
  fields: Array<[string, string]> = [],
): Promise<AnswerUpload> {
  const files: UploadedFile[] = [];
  let totalBytes = 0;
  try {
    for await (const part of parts) {
      if (part.type === "field") {
        if (part.valueTruncated) throw new UploadRefusal(413, formTooLarge);
        fields.push([part.fieldname, String(part.value)]);
        continue;
      }
      const read = await readFilePart(part, answerFileLimits.maxTotalBytes - totalBytes);
      if (!read) continue;
      totalBytes += read.length;
      files.push(await checkedFile(part.filename, read));
    }
  } catch (error) {
    throw refusalOfParserError(error);
  }
  return { fields, files };
}

/**
 * A file part's bytes, or undefined for the empty part a browser sends when no file was chosen.
 * Stops at `room` bytes: more is a refusal, and the rest of the request is never read.
 */
async function readFilePart(part: MultipartFile, room: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > room) {
      part.file.destroy();
      throw new UploadRefusal(413, answerFileMessages.tooLarge);
    }
    chunks.push(chunk);
  }
  if (part.file.truncated) throw new UploadRefusal(413, answerFileMessages.tooLarge);
  if (length === 0 && part.filename === "") return undefined;
  return Buffer.concat(chunks, length);
}

async function checkedFile(givenName: string, content: Buffer): Promise<UploadedFile> {
  const name = safeFileName(givenName);
  if (content.length === 0) throw new UploadRefusal(400, answerFileMessages.empty(name));
  const detected = await fileTypeFromBuffer(content);
  const type = answerFileTypes.find((allowed) => allowed.mediaType === detected?.mime);
  if (!type) throw new UploadRefusal(415, answerFileMessages.wrongType(name));
  return { fileName: withExtension(name, type.extension), mediaType: type.mediaType, content };
}

/**
 * A name fit to offer on download and in a mail: no folders, no control or bidi characters, at
 * most 150 characters; 'файл' when nothing is left.
 */
export function safeFileName(given: string): string {
  const base = given.split(/[\\/]/).at(-1) ?? "";
  const clean = base
    .normalize("NFC")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, "")
    .replace(/^[.\s]+|\s+$/g, "")
    .slice(-150);
  return clean === "" ? "файл" : clean;
}

/** The name with the extension of its real type: a PDF sent as 'letter.jpg' goes out as a PDF. */
function withExtension(name: string, extension: string): string {
  const current = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  const same = current === extension || (extension === "jpg" && current === "jpeg");
  return same ? name : `${name}.${extension}`;
}
