/**
 * What a form with files may carry (the types, the limits, the Russian words for a refusal), and
 * the limits the multipart parser is given from them. The staff answer's rules come from
 * domain/staff/answer-files.ts; a citizen's files will bring their own.
 */
import {
  appealFileLimits,
  appealFileMessages,
  appealFileTypes,
} from "../../domain/appeals/appeal-files.ts";
import type { SubmittedFile } from "../../domain/attachments/submitted-file.ts";
import { pictureRefusal } from "../../domain/site-content/image-size.ts";
import {
  formatOfMediaType,
  siteFileLimits,
  siteFileMessages,
  siteFileTypes,
} from "../../domain/site-content/site-files.ts";
import {
  answerFileLimits,
  answerFileMessages,
  answerFileTypes,
} from "../../domain/staff/answer-files.ts";

export type FileRules = {
  types: ReadonlyArray<{ extension: string; mediaType: string }>;
  maxFiles: number;
  /** All the form's files together, in bytes. */
  maxTotalBytes: number;
  /** One file, in bytes, when less than all of them together. */
  maxFileBytes?: number;
  /** Text fields of the form (10 unless said). */
  maxFields?: number;
  /** File inputs of the form, an empty part for each left empty (`maxFiles` unless said). */
  maxFileInputs?: number;
  messages: {
    tooMany: string;
    /** One file too large (or all of them, without `maxFileBytes`). */
    tooLarge: string;
    /** All the files together too large, with `maxFileBytes`. */
    totalTooLarge?: string;
    wrongType(name: string): string;
    empty(name: string): string;
    /** The refusals naming the file that went past the count or the bytes, when the rules have them. */
    tooManyWith?(name: string): string;
    tooLargeWith?(name: string): string;
  };
  /** Why a file of an allowed type is refused all the same (a picture too large decoded). */
  refusal?(file: SubmittedFile): string | undefined;
};

export const answerFileRules: FileRules = {
  types: answerFileTypes,
  maxFiles: answerFileLimits.maxFiles,
  maxTotalBytes: answerFileLimits.maxTotalBytes,
  messages: answerFileMessages,
};

/** What a citizen may attach to an appeal (decision 0045): the seven fields and the files. */
export const appealFileRules: FileRules = {
  types: appealFileTypes,
  maxFiles: appealFileLimits.maxFiles,
  maxTotalBytes: appealFileLimits.maxTotalBytes,
  // The seven fields and the honeypot, and a margin.
  maxFields: 12,
  // One input more than the files: the sixth file reaches the reader, which names it.
  maxFileInputs: appealFileLimits.maxFiles + 1,
  messages: appealFileMessages,
};

/** What an editor of the public site may upload (decision 0036). */
export const siteFileRules: FileRules = {
  types: siteFileTypes,
  maxFiles: siteFileLimits.maxFiles,
  maxTotalBytes: siteFileLimits.maxTotalBytes,
  maxFileBytes: siteFileLimits.maxFileBytes,
  maxFields: siteFileLimits.maxFields,
  maxFileInputs: siteFileLimits.maxFileInputs,
  messages: siteFileMessages,
  // A picture whose decoded size passes the site's limits (issue 40): not a decompression bomb.
  refusal: (file) =>
    pictureRefusal(formatOfMediaType(file.mediaType) ?? "", file.content, file.fileName),
};

/** A refusal of the whole upload: its status and the Russian message the page shows. */
export class UploadRefusal extends Error {
  readonly status: number;
  /** The files were refused (their type, count or bytes), not the form as a whole. */
  readonly ofFiles: boolean;
  constructor(status: number, message: string, ofFiles = false) {
    super(message);
    this.status = status;
    this.ofFiles = ofFiles;
  }
}

/** The parser's limits for these rules: busboy stops counting at these, the reader at the exact ones. */
export function parserLimits(rules: FileRules) {
  const fields = rules.maxFields ?? 10;
  const files = rules.maxFileInputs ?? rules.maxFiles;
  return {
    files,
    // One byte over the limit reaches the reader, which refuses at once: at the limit itself busboy
    // would quietly drop the rest of the part, and so read all of a 200 MB upload before the end.
    fileSize: (rules.maxFileBytes ?? rules.maxTotalBytes) + 1,
    fields,
    // The text (20,000 characters of up to 4 bytes) and a margin.
    fieldSize: 100 * 1024,
    // The answer form: 10 fields, 5 files and a margin of 5, as it always had.
    parts: fields + files + 5,
    fieldNameSize: 50,
    // A part whose headers go past this is dropped by busboy without a word: the reader counts
    // the parts that arrived and refuses the form (multipart-form.ts).
    headerPairs: 50,
  } as const;
}
