import type { SubmittedFile } from "../../../domain/attachments/submitted-file.ts";
import {
  formatOfMediaType,
  siteFileMessages,
  type UploadedSiteFile,
} from "../../../domain/site-content/site-files.ts";
import type { PageForm } from "../../../domain/site-content/site-form.ts";

/** Files refused: the form's values as posted, and why. */
export type RefusedFiles = { values: unknown; message: string };

/**
 * The files posted with the form, each in an input that takes its type, kept before anything
 * else (decision 0036): whatever button was pressed, a chosen file is not asked for again. One
 * file in the wrong place refuses them all, and nothing is kept.
 */
export async function keepFiles(
  form: PageForm<unknown, unknown>,
  values: unknown,
  files: readonly SubmittedFile[],
  upload: (files: readonly SubmittedFile[]) => Promise<UploadedSiteFile[]>,
): Promise<{ ok: true; values: unknown } | { ok: false; status: number; answer: RefusedFiles }> {
  if (files.length === 0) return { ok: true, values };
  const slots = form.files;
  for (const file of files) {
    const place = file.field ? slots?.accepts(file.field) : undefined;
    if (!place) {
      return {
        ok: false,
        status: 400,
        answer: { values, message: "Файл пришёл не из поля формы." },
      };
    }
    const format = formatOfMediaType(file.mediaType);
    if (!format || !place.formats.includes(format)) {
      const message = siteFileMessages.wrongPlace(file.fileName, place.label, place.formats);
      return { ok: false, status: 415, answer: { values, message } };
    }
  }
  const kept = await upload(files);
  return {
    ok: true,
    values: files.reduce((changed, file, index) => {
      const keptFile = kept[index];
      return slots && file.field && keptFile
        ? slots.attach(changed, file.field, keptFile)
        : changed;
    }, values),
  };
}
