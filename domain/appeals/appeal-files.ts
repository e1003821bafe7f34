/**
 * What a citizen may attach to an appeal (59-ФЗ art. 7 p. 3): the types, recognised by their
 * content on the server (never by their name), with the limits and words every attached file
 * shares (attachments/attached-files.ts), for the form (its hint, `accept`, the island's checks
 * before sending) and the server that enforces them while the upload streams in (decision 0045).
 */
import {
  attachedFileLimits,
  attachedFiles,
  attachedMegabytes,
} from "../attachments/attached-files.ts";
import { fileTypes } from "../attachments/file-types.ts";

const appealTypeKeys = [
  ...["pdf", "doc", "docx", "odt", "rtf", "txt", "xls", "xlsx", "ods"],
  ...["jpeg", "png", "heic", "heif"],
] as const;

const appealFiles = attachedFiles(
  appealTypeKeys.map((key) => fileTypes[key]),
  ["jpeg", "heif"],
);

export const appealFileTypes = appealFiles.types;

export const appealFileLimits = attachedFileLimits;

/** 'PDF, DOC, …, PNG или HEIC', for messages and hints. */
const appealFileTypeList = appealFiles.typeList;

/** The hint under the file input. */
export const appealFilesHint = `${[...new Set(appealFileTypes.map((type) => type.label))].join(", ")}; не более ${appealFileLimits.maxFiles} файлов, ${attachedMegabytes} МБ вместе.`;

/** The file input's `accept`: a hint to the browser's picker; the server decides by content. */
export const appealFileAccept = appealFiles.accept;

export const appealFileMessages = {
  ...appealFiles.messages,
  tooManyWith: (name: string) =>
    `Файл «${name}» не принят: можно приложить не более ${appealFileLimits.maxFiles} файлов.`,
  tooLargeWith: (name: string) =>
    `Файл «${name}» не принят: файлы вместе — не более ${attachedMegabytes} МБ.`,
  /** The page's own check before sending, by the name (the server then reads the content). */
  wrongName: (name: string) =>
    `Файл «${name}» не принят: приложите документ в формате ${appealFileTypeList}.`,
} as const;
