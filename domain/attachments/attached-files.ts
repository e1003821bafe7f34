/**
 * The one shape of files attached to a form of letters: a citizen's appeal (appeals/appeal-files.ts)
 * and a staff answer (staff/answer-files.ts) each pick their types and get from here the limits,
 * the types in words, the file input's `accept` and the Russian words of a refusal. The limits are
 * the same for both, written once: an answer carries what an appeal may.
 */
import { acceptOf, type FileType, megabyte, typeListOf } from "./file-types.ts";

export const attachedFileLimits = {
  /** Files per appeal or answer. */
  maxFiles: 5,
  /** All its files together, in bytes (10 MB). */
  maxTotalBytes: 10 * megabyte,
} as const;

/** '10': the files' limit together, in megabytes, as hints and refusals write it. */
export const attachedMegabytes = attachedFileLimits.maxTotalBytes / megabyte;

/**
 * A form's attached files from its types: `alsoExtensions` are the other names the picker should
 * offer (`.jpeg` beside `.jpg`).
 */
export function attachedFiles<const Types extends readonly FileType[]>(
  types: Types,
  alsoExtensions: readonly string[],
) {
  const typeList = typeListOf(types);
  return {
    types,
    /** 'PDF, DOCX, ODT, JPEG или PNG', for messages and hints. */
    typeList,
    /** The file input's `accept`: a hint to the browser's picker; the server decides by content. */
    accept: acceptOf(types, alsoExtensions),
    messages: {
      tooMany: `Можно приложить не более ${attachedFileLimits.maxFiles} файлов.`,
      tooLarge: `Файлы вместе — не более ${attachedMegabytes} МБ.`,
      wrongType: (name: string) =>
        `Файл «${name}» не принят: по содержимому это не ${typeList}. Приложите документ в одном из этих форматов.`,
      empty: (name: string) => `Файл «${name}» пуст.`,
    },
  } as const;
}
