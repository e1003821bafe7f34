/**
 * One case's files for its ZIP (issue 45), in the order of its folder: the summary, the appeal
 * as received with its files, every mail to the author as it was sent (.eml), the answer's
 * files, the history. Files and mails are the stored bytes, handed over untouched.
 */
import { isNoticeKind, noticeLabels } from "../../../content/notice-templates.ts";
import type { AppealPageView } from "../../../domain/staff/staff-ports.ts";
import { formatKirovDateTime, kirovIsoDate } from "../../../domain/time/kirov-time.ts";
import type { SentAuthorMail } from "../../db/case-file-repository.ts";
import type { DataLayer } from "../../db/data-layer.ts";
import { restoredMailNote } from "../../mail/restored-mail.ts";
import { appealAsReceived, caseHistoryHtml } from "./case-file-history.ts";
import { FolderNames } from "./case-file-names.ts";
import { caseSummaryHtml, type ListedEntry } from "./case-file-summary.ts";

/** One file of the ZIP: its path inside the case's folder, its bytes, its moment. */
export type CaseEntry = { name: string; content: Buffer; date: Date };

export type CaseFileSources = {
  data: Pick<DataLayer, "attachments" | "caseFiles">;
  /** A mail sent before copies were kept, built again from what is stored (restored-mail.ts). */
  restore(appealId: string, mail: SentAuthorMail): Promise<Buffer>;
};

const mailKindNames: Record<string, string> = {
  "appeal-acknowledgement": "подтверждение",
  "appeal-notice": "уведомление",
  "appeal-answer": "ответ",
};

function mailLabel(mail: SentAuthorMail): string {
  if (mail.kind === "appeal-acknowledgement") return "Подтверждение получения";
  if (mail.kind === "appeal-answer") return "Ответ";
  const notice = String(mail.payload.notice ?? "");
  return isNoticeKind(notice) ? noticeLabels[notice] : "Уведомление";
}

/** Where a mail went: its copy's To, else the address the delivery was written for. */
function addressOf(mail: SentAuthorMail): string {
  if (mail.copy) return mail.copy.to;
  return mail.recipients
    .flatMap((recipient) => ("address" in recipient ? [recipient.address] : []))
    .join(", ");
}

export async function caseEntries(
  view: AppealPageView,
  sources: CaseFileSources,
  exportedAt: Date,
): Promise<CaseEntry[]> {
  const { appeal } = view;
  const entries: CaseEntry[] = [];
  const listed: ListedEntry[] = [];
  const add = (name: string, content: Buffer, date: Date, about: string) => {
    entries.push({ name, content, date });
    listed.push({ name, bytes: content.length, about });
  };
  const received = new Date(appeal.created_at);
  add(
    "01-обращение.txt",
    Buffer.from(appealAsReceived(view), "utf8"),
    received,
    "Обращение как получено",
  );

  const citizenFiles = new FolderNames();
  for (const info of view.files) {
    const file = await sources.data.attachments.read(appeal.id, info.id);
    if (!file) continue;
    const name = `02-файлы-обращения/${citizenFiles.take(file.fileName)}`;
    add(
      name,
      file.content,
      new Date(file.createdAt),
      `Файл обращения «${file.fileName}», SHA-256 ${file.sha256}`,
    );
  }

  const mails = new FolderNames();
  for (const mail of await sources.data.caseFiles.sentAuthorMails(appeal.id)) {
    const sentAt = new Date(mail.copy?.sentAt ?? mail.sentAt);
    const restored = mail.copy === null;
    const base = `${kirovIsoDate(sentAt)}-${mailKindNames[mail.kind] ?? "письмо"}`;
    const name = `03-письма/${mails.take(`${base}${restored ? "-восстановлено" : ""}.eml`)}`;
    const content = mail.copy ? mail.copy.raw : await sources.restore(appeal.id, mail);
    const about =
      `${mailLabel(mail)}: ${addressOf(mail)}, отправлено ${formatKirovDateTime(sentAt)}` +
      (mail.copy ? `, Message-ID ${mail.copy.messageId}` : ` (${restoredMailNote})`);
    add(name, content, sentAt, about);
  }

  const answerFiles = new FolderNames();
  for (const info of view.answer?.files ?? []) {
    const file = await sources.data.attachments.read(appeal.id, info.id);
    if (!file) continue;
    const name = `04-ответ/${answerFiles.take(file.fileName)}`;
    add(
      name,
      file.content,
      new Date(file.createdAt),
      `Файл ответа «${file.fileName}», SHA-256 ${file.sha256}`,
    );
  }

  add(
    "05-история.html",
    Buffer.from(caseHistoryHtml(view), "utf8"),
    exportedAt,
    "Журнал изменений и заметки",
  );
  const summary = Buffer.from(caseSummaryHtml(view, listed, exportedAt), "utf8");
  return [{ name: "00-сводка.html", content: summary, date: exportedAt }, ...entries];
}
