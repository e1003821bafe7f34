/**
 * «00-сводка.html»: the case on one printable A4 page (issue 45): its number, receipt, topic,
 * state, storage term and case index, closing day, executor, terms, and the list of what the
 * case file holds, each mail with its address and the moment it left.
 */
import { appealStateLabels, groundLabel } from "../../../domain/appeals/appeal-states.ts";
import { topicLabel } from "../../../domain/appeals/appeal-topics.ts";
import { describeDeadline, runningDeadlines } from "../../../domain/appeals/running-terms.ts";
import { formatRussianDate } from "../../../domain/calendar/calendar-day.ts";
import type { AppealPageView } from "../../../domain/staff/staff-ports.ts";
import { formatKirovDateTime, kirovIsoDate } from "../../../domain/time/kirov-time.ts";
import { escapeHtml, factList, printablePage, textTable } from "./case-file-html.ts";

/** One file of the case as the summary lists it. */
export type ListedEntry = { name: string; bytes: number; about: string };

const day = (isoDate: string | null, none = "—") => (isoDate ? formatRussianDate(isoDate) : none);

export function caseSummaryHtml(
  view: AppealPageView,
  entries: readonly ListedEntry[],
  exportedAt: Date,
): string {
  const { appeal, storage, answer } = view;
  const running = runningDeadlines(appeal, kirovIsoDate(exportedAt));
  const facts: Array<[string, string]> = [
    ["Регистрационный номер", appeal.number],
    ["Поступило", formatKirovDateTime(new Date(appeal.created_at))],
    ["Тема", topicLabel(appeal.topic)],
    ["Состояние", appealStateLabels[appeal.state]],
    ["Срок хранения", `${storage.label} (${storage.article})`],
    ["Индекс дела", storage.caseIndex],
    ["Дата закрытия", day(storage.closedOn, "не закрыто")],
    [
      "Хранить до",
      storage.termEnd ? day(storage.termEnd) : storage.term === "permanent" ? "постоянно" : "—",
    ],
    ["Исполнитель", appeal.assignee ?? "не назначен"],
    ["Зарегистрировано", day(appeal.registered_on)],
  ];
  if (appeal.extension_days > 0) {
    facts.push([
      "Срок продлён",
      `на ${appeal.extension_days} дн.${appeal.extension_reason ? `: ${appeal.extension_reason}` : ""}`,
    ]);
  }
  if (appeal.answered_on) facts.push(["Ответ дан", day(appeal.answered_on)]);
  if (answer?.outgoingNumber) facts.push(["Исходящий номер ответа", answer.outgoingNumber]);
  if (answer?.byPost) {
    facts.push(["Ответ отправлен почтой", `${day(answer.byPost.on)}, ${answer.byPost.address}`]);
  }
  if (appeal.forwarded_on) {
    facts.push(["Перенаправлено", `${day(appeal.forwarded_on)}: ${appeal.forwarded_to ?? ""}`]);
  }
  if (appeal.without_answer_ground) {
    facts.push(["Оставлено без ответа", groundLabel(appeal.without_answer_ground)]);
  }
  if (appeal.notice_sent_on) facts.push(["Автор уведомлён", day(appeal.notice_sent_on)]);
  facts.push([
    "Текущие сроки",
    running.length === 0
      ? "не текут"
      : running.map((deadline) => describeDeadline(deadline, { withKind: true })).join("; "),
  ]);
  const contents = textTable(
    ["№", "Файл", "Байт", "Что это"],
    entries.map((entry, index) => [
      String(index + 1),
      entry.name,
      String(entry.bytes),
      entry.about,
    ]),
  );
  return printablePage(
    `Дело по обращению № ${appeal.number}`,
    `${factList(facts)}
<h2>Состав дела</h2>
${contents}
<p class="note">${escapeHtml(
      `Выгружено ${formatKirovDateTime(exportedAt)}. Файлы обращения, ответа и письма (.eml) — ` +
        "в том виде, в каком они хранятся и были отправлены, байт в байт.",
    )}</p>`,
  );
}
