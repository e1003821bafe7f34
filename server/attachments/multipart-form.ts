/**
 * A form with files (multipart/form-data), read while the request streams in: the limits enforced
 * as the bytes arrive (a 200 MB upload is cut off at the limit, never read into memory), each
 * file checked by its content (checked-file.ts), and every part accounted for: a part the parser
 * could not read (more than 50 headers, no Content-Disposition) refuses the form rather than
 * vanish from it. The form's first field must be its CSRF token: it is read before any file byte,
 * and the door checks it before the rest is read.
 */
import type { Readable } from "node:stream";
import type { Multipart, MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { cleanFileName, type SubmittedFile } from "../../domain/attachments/submitted-file.ts";
import { paceBody } from "../http/paced-body.ts";
import { formMessages } from "../http/problem-answer.ts";
import { checkedFile } from "./checked-file.ts";
import { type FileRules, parserLimits, UploadRefusal } from "./upload-rules.ts";

const multipartMessages = {
  noBoundary: `${formMessages.unreadable.replace(/\.$/, "")}: в заголовке Content-Type нет границы частей (boundary).`,
  partUnread:
    "Не удалось прочитать часть формы: её заголовки не разобраны (их больше 50 или нет Content-Disposition). Отправьте форму ещё раз из браузера.",
} as const;

/** A multipart request being read: its parts, and how many the body held. */
export type MultipartReading = {
  parts: AsyncIterableIterator<Multipart>;
  /** The parts the body held, delimiter by delimiter: known once the body has been read. */
  partsInBody(): number;
  /** Parts already taken from `parts` (the CSRF token's, on a staff form). */
  taken: number;
};

/** Starts reading a multipart body; refuses one without a boundary (the parser cannot start). */
export function startMultipart(request: FastifyRequest, rules: FileRules): MultipartReading {
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(
    request.headers["content-type"] ?? "",
  );
  const value = boundary?.[1] ?? boundary?.[2];
  if (!value) throw new UploadRefusal(400, multipartMessages.noBoundary);
  const parts = request.parts({ limits: parserLimits(rules) });
  paceBody(request.raw);
  // Counted beside the parser, in the same turn as it starts reading: no chunk is missed.
  return { parts, partsInBody: countDelimiters(request.raw, value), taken: 0 };
}

/**
 * How many parts a multipart body held: its delimiter lines ('--boundary' at the start or after
 * a line break), the closing one not counted. A chunk may end inside a delimiter: the last bytes
 * are kept for the next one.
 */
function countDelimiters(body: Readable, boundary: string): () => number {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let tail = Buffer.from("\r\n");
  let count = 0;
  body.on("data", (chunk: Buffer) => {
    const joined = Buffer.concat([tail, chunk]);
    for (let at = joined.indexOf(delimiter); at !== -1; ) {
      count += 1;
      at = joined.indexOf(delimiter, at + delimiter.length);
    }
    tail = joined.subarray(Math.max(0, joined.length - delimiter.length + 1));
  });
  return () => Math.max(0, count - 1);
}

/** What the parser's errors mean for the person who sent the form. */
function refusalOfParserError(error: unknown, rules: FileRules): UploadRefusal {
  if (error instanceof UploadRefusal) return error;
  switch ((error as { code?: unknown }).code) {
    case "FST_FILES_LIMIT":
      return new UploadRefusal(413, rules.messages.tooMany, true);
    case "FST_REQ_FILE_TOO_LARGE":
      return new UploadRefusal(413, rules.messages.tooLarge, true);
    case "FST_PARTS_LIMIT":
    case "FST_FIELDS_LIMIT":
      return new UploadRefusal(413, formMessages.tooLarge);
    default:
      return new UploadRefusal(400, formMessages.unreadable);
  }
}

/**
 * The first part of the form, which must be the `_csrf` field: its value, or undefined (then the
 * CSRF check refuses the request and nothing more of it is read).
 */
export async function readCsrfPart(reading: MultipartReading): Promise<string | undefined> {
  try {
    const first = await reading.parts.next();
    if (!first.done) reading.taken += 1;
    if (first.done || first.value.type !== "field" || first.value.fieldname !== "_csrf") {
      return undefined;
    }
    return String(first.value.value);
  } catch {
    return undefined;
  }
}

/**
 * The rest of the form after its token (a public form has none): its fields as text (into `fields`, so a refusal midway
 * still has the text typed before the files), its files checked and kept in memory.
 */
export async function readMultipartForm(
  reading: MultipartReading,
  rules: FileRules,
  fields: URLSearchParams,
): Promise<SubmittedFile[]> {
  const files: SubmittedFile[] = [];
  let partsRead = reading.taken;
  let totalBytes = 0;
  try {
    for await (const part of reading.parts) {
      partsRead += 1;
      if (part.type === "field") {
        if (part.valueTruncated) throw new UploadRefusal(413, formMessages.tooLarge);
        fields.append(part.fieldname, String(part.value));
        continue;
      }
      const read = await readFilePart(part, totalBytes, rules);
      if (!read) continue;
      // The parser counts file inputs (empty ones too, see `maxFileInputs`); this, files chosen.
      if (files.length === rules.maxFiles) {
        const named = rules.messages.tooManyWith?.(cleanFileName(part.filename));
        throw new UploadRefusal(413, named ?? rules.messages.tooMany, true);
      }
      totalBytes += read.length;
      files.push({ ...(await checkedFile(part.filename, read, rules)), field: part.fieldname });
    }
  } catch (error) {
    throw refusalOfParserError(error, rules);
  }
  if (partsRead < reading.partsInBody()) {
    throw new UploadRefusal(400, multipartMessages.partUnread);
  }
  return files;
}

/**
 * A file part's bytes, or undefined for the empty part a browser sends when no file was chosen.
 * Stops past the file's limit or the room the files before it left: more is a refusal, and the
 * rest of the request is never read.
 */
async function readFilePart(
  part: MultipartFile,
  bytesBefore: number,
  rules: FileRules,
): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  const fileLimit = rules.maxFileBytes ?? rules.maxTotalBytes;
  const room = rules.maxTotalBytes - bytesBefore;
  let length = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > fileLimit || length > room) {
      part.file.destroy();
      const total = length <= fileLimit && rules.messages.totalTooLarge;
      const named = rules.messages.tooLargeWith?.(cleanFileName(part.filename));
      throw new UploadRefusal(413, named ?? (total || rules.messages.tooLarge), true);
    }
    chunks.push(chunk);
  }
  if (part.file.truncated) throw new UploadRefusal(413, rules.messages.tooLarge, true);
  if (length === 0 && part.filename === "") return undefined;
  return Buffer.concat(chunks, length);
}
