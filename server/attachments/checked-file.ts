/**
 * A file as it is kept: its type recognised from its content by `file-type` (never its name or the
 * browser's word), its name cleaned (domain/attachments/submitted-file.ts) and given the extension
 * of its real type.
 */
import { cleanFileName, type SubmittedFile } from "../../domain/attachments/submitted-file.ts";
import { mediaTypeOf } from "./content-type.ts";
import { type FileRules, UploadRefusal } from "./upload-rules.ts";

export async function checkedFile(
  givenName: string,
  content: Buffer,
  rules: FileRules,
): Promise<SubmittedFile> {
  const name = cleanFileName(givenName);
  if (content.length === 0) throw new UploadRefusal(400, rules.messages.empty(name), true);
  const detected = await mediaTypeOf(content);
  const type = rules.types.find((allowed) => allowed.mediaType === detected);
  if (!type) throw new UploadRefusal(415, rules.messages.wrongType(name), true);
  const file = {
    fileName: withExtension(name, type.extension),
    mediaType: type.mediaType,
    content,
  };
  const refused = rules.refusal?.(file);
  if (refused) throw new UploadRefusal(413, refused, true);
  return file;
}

/** The name with the extension of its real type: a PDF sent as 'letter.jpg' goes out as a PDF. */
function withExtension(name: string, extension: string): string {
  const current = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  const same = current === extension || (extension === "jpg" && current === "jpeg");
  return same ? name : `${name}.${extension}`;
}
