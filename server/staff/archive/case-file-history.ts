/**
 * The case file's texts of the appeal itself (issue 45): «01-обращение.txt», every field the
 * citizen sent and the facts of their consent, as stored; «05-история.html», the appeal's audit
 * log and staff's notes, as its page shows them.
 */
import { topicLabel } from "../../../domain/appeals/appeal-topics.ts";
import { auditActionLabel, auditStateLabel } from "../../../domain/staff/audit-labels.ts";
import type { AppealPageView } from "../../../domain/staff/staff-ports.ts";
import { formatKirovDateTime } from "../../../domain/time/kirov-time.ts";
import { printablePage, textTable } from "./case-file-html.ts";

/** The appeal as received, plain text in UTF-8. */
export function appealAsReceived(view: AppealPageView): string {
  const { appeal } = view;
  const lines = [
    `Обращение № ${appeal.number}`,
    `Поступило: ${formatKirovDateTime(new Date(appeal.created_at))} (${appeal.created_at})`,
    `Фамилия: ${appeal.last_name}`,
    `Имя: ${appeal.first_name}`,
    `Электронная почта: ${appeal.email}`,
    `Телефон: ${appeal.phone}`,
    `Регион: ${appeal.region || "—"}`,
    `Тема: ${topicLabel(appeal.topic)}`,
    `Файлов приложено: ${view.files.length}`,
    "",
    "Согласие на обработку персональных данных:",
    `  дано: ${formatKirovDateTime(new Date(appeal.consent_at))} (${appeal.consent_at})`,
    `  редакция текста согласия: ${appeal.consent_text_version}`,
    `  IP-адрес: ${appeal.client_ip}`,
    `  браузер: ${appeal.user_agent ?? "—"}`,
    "",
    "Текст обращения:",
    appeal.comment,
  ];
  return `${lines.join("\n")}\n`;
}

const moment = (iso: string) => formatKirovDateTime(new Date(iso));

/** The audit log and the notes, printable. */
export function caseHistoryHtml(view: AppealPageView): string {
  const { appeal } = view;
  const log = textTable(
    ["Когда", "Кто", "Действие", "Было", "Стало", "Подробности"],
    [
      [moment(appeal.created_at), "гражданин (форма на сайте)", "Поступление", "—", "Новое", "—"],
      ...view.audit.map((entry) => [
        moment(entry.at),
        entry.staff_login,
        auditActionLabel(entry.action),
        auditStateLabel(entry.from_state),
        auditStateLabel(entry.to_state),
        entry.details ?? "—",
      ]),
    ],
  );
  const notes =
    view.notes.length === 0
      ? "<p>Заметок нет.</p>"
      : textTable(
          ["Когда", "Кто", "Заметка"],
          view.notes.map((note) => [moment(note.createdAt), note.staffLogin, note.text]),
        );
  return printablePage(
    `История обращения № ${appeal.number}`,
    `<h2>Журнал изменений</h2>\n${log}\n<h2>Заметки</h2>\n${notes}`,
  );
}
