/**
 * What staff may attach to an answer: the types (recognised by their content on the server, never
 * by their name), with the limits and words every attached file shares
 * (attachments/attached-files.ts), for the answer form (its hints, `accept`) and the server that
 * enforces them while the upload streams in.
 */
import { attachedFileLimits, attachedFiles } from "../attachments/attached-files.ts";
import { fileTypes } from "../attachments/file-types.ts";

const answerFiles = attachedFiles(
  [fileTypes.pdf, fileTypes.docx, fileTypes.odt, fileTypes.jpeg, fileTypes.png],
  ["jpeg"],
);

export const answerFileTypes = answerFiles.types;

export const answerFileLimits = {
  ...attachedFileLimits,
  /** The answer's text, in characters. */
  maxTextLength: 20_000,
} as const;

/** 'PDF, DOCX, ODT, JPEG или PNG', for messages and hints. */
export const answerFileTypeList = answerFiles.typeList;

/** The file input's `accept`: a hint to the browser's picker; the server decides by content. */
export const answerFileAccept = answerFiles.accept;

export const answerFileMessages = answerFiles.messages;
