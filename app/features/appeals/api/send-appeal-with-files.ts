/**
 * The appeal with files from the island (decision 0045), loaded with the shared schema
 * (appeal-form-lazy.ts), not with the page: the chosen files checked before sending (their
 * count, their bytes together and their names' extensions: the server then reads the content),
 * and the appeal sent as one multipart request by XMLHttpRequest, whose upload reports progress
 * (fetch does not).
 */
import { filesErrorKey } from "../../../../domain/appeals/appeal-fields.ts";
import {
  appealFileLimits,
  appealFileMessages,
  appealFileTypes,
} from "../../../../domain/appeals/appeal-files.ts";
import { appealsApiPath, readAnswer, type SubmitAppealAnswer } from "./submit-appeal.ts";

const extensions = new Set([...appealFileTypes.map((type) => type.extension), "jpeg", "heif"]);

/** The first reason the chosen files cannot go, in the server's words; null when they can. */
export function checkChosenFiles(files: readonly File[]): string | null {
  let total = 0;
  for (const [index, file] of files.entries()) {
    if (index === appealFileLimits.maxFiles) return appealFileMessages.tooManyWith(file.name);
    total += file.size;
    if (total > appealFileLimits.maxTotalBytes) return appealFileMessages.tooLargeWith(file.name);
    if (file.size === 0) return appealFileMessages.empty(file.name);
    const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? "";
    if (!extensions.has(extension)) return appealFileMessages.wrongName(file.name);
  }
  return null;
}

/**
 * Sends the fields and the files as one `multipart/form-data` request; `onProgress` hears the
 * share of the body sent (0 to 1). Resolves with the answer for every status, rejects when none
 * came, as `submitAppeal` does.
 */
export function sendAppealWithFiles(
  fields: Record<string, unknown>,
  files: readonly File[],
  options: { baseUrl: string; onProgress(sent: number): void },
): Promise<SubmitAppealAnswer> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === true) body.append(name, "on");
    else if (value !== false) body.append(name, String(value));
  }
  for (const file of files) body.append(filesErrorKey, file);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `${options.baseUrl}${appealsApiPath}`);
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const response = new Response(request.responseText || null, { status: request.status });
      resolve(readAnswer(response));
    };
    request.onerror = () => reject(new Error("no answer"));
    // The indicator shows from the start: the browser's first progress event may come only once
    // a slow link has carried its first chunk, or, for small files, with the whole body.
    options.onProgress(0);
    request.send(body);
  });
}
