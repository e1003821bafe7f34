/**
 * A message's files judged by the appeal form's own rules (issue 46): the types recognised by
 * their content (server/attachments/checked-file.ts, never the name or the sender's word), as many
 * files and bytes as the form takes. What the rules refuse is listed with the reason in Russian,
 * for the appeal's history and for the registrar's view of a waiting message.
 */
import { megabyte } from "../../../domain/attachments/file-types.ts";
import { cleanFileName } from "../../../domain/attachments/submitted-file.ts";
import { checkedFile } from "../../attachments/checked-file.ts";
import { appealFileRules, type FileRules, UploadRefusal } from "../../attachments/upload-rules.ts";
import type { NewAttachment } from "../../db/attachments-repository.ts";
import type { InboundFile } from "./inbound-types.ts";

/** A file the form's rules refused: its cleaned name and why, in Russian. */
export type RefusedFile = { fileName: string; reason: string };

export type JudgedFiles = { accepted: NewAttachment[]; refused: RefusedFile[] };

/** Why `checkedFile` refused a file, in a few words (its status says which rule). */
function reasonOf(refusal: UploadRefusal): string {
  if (refusal.status === 400) return "файл пуст";
  if (refusal.status === 415) return "по содержимому это не документ принимаемого формата";
  return refusal.message;
}

/** The files in the order the message gives them: accepted while the form's limits allow. */
export async function judgeInboundFiles(
  files: readonly InboundFile[],
  rules: FileRules = appealFileRules,
): Promise<JudgedFiles> {
  const accepted: NewAttachment[] = [];
  const refused: RefusedFile[] = [];
  let bytes = 0;
  for (const file of files) {
    const fileName = cleanFileName(file.fileName);
    if (accepted.length >= rules.maxFiles) {
      refused.push({ fileName, reason: `можно приложить не более ${rules.maxFiles} файлов` });
      continue;
    }
    try {
      const checked = await checkedFile(file.fileName, file.content, rules);
      if (bytes + checked.content.length > rules.maxTotalBytes) {
        const limit = Math.round(rules.maxTotalBytes / megabyte);
        refused.push({ fileName, reason: `файлы вместе — не более ${limit} МБ` });
        continue;
      }
      bytes += checked.content.length;
      accepted.push(checked);
    } catch (error) {
      // A file the type reader cannot get through is refused like any other: a hostile file
      // must not make its message fail again at every read.
      const reason = error instanceof UploadRefusal ? reasonOf(error) : "файл не удалось прочитать";
      refused.push({ fileName, reason });
    }
  }
  return { accepted, refused };
}

/** The history's line of refused files: «не приняты файлы: a.exe (…), b.bin (…)». */
export function refusedFilesLine(refused: readonly RefusedFile[]): string {
  return `не приняты файлы: ${refused.map((file) => `${file.fileName} (${file.reason})`).join(", ")}`;
}
