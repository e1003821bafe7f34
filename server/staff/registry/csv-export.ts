/**
 * The registry list as CSV for Excel in Russian: UTF-8 with a BOM, ';' between fields, and every
 * value that Excel would read as a formula (=, +, -, @, tab, CR first) prefixed with an apostrophe
 * by csv-stringify's `escape_formulas`. Streamed in batches: the whole list never sits in memory.
 */
import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import type { FastifyReply } from "fastify";
import { appealStateLabels, groundLabel } from "../../../domain/appeals/appeal-states.ts";
import { deadlineStateWords, nextDeadline } from "../../../domain/appeals/running-terms.ts";
import { visibleText } from "../../../domain/appeals/visible-text.ts";
import { formatRussianDate } from "../../../domain/calendar/calendar-day.ts";
import { draftReviewLabels, draftReviewOf } from "../../../domain/staff/draft-marks.ts";
import type { ScopedRegistryQuery } from "../../../domain/staff/registry-query.ts";
import type { ListedRow, RegistryAppeal } from "../../../domain/staff/registry-types.ts";
import { formatKirovDateTime } from "../../../domain/time/kirov-time.ts";
import type { AppealsRepository } from "../../db/appeals-repository.ts";

/** CSV as Excel in Russian reads it; the statistics file (statistics-export.ts) writes it so too. */
export const excelCsvOptions = {
  bom: true,
  delimiter: ";",
  escape_formulas: true,
  record_delimiter: "windows",
} as const;

const csvColumns = [
  "Номер",
  "Поступило",
  "Дата регистрации",
  "Состояние",
  "Согласование",
  "Ближайший срок",
  "Фамилия",
  "Имя",
  "Электронная почта",
  "Телефон",
  "Регион",
  "Текст обращения",
  "Перенаправлено",
  "Основание оставления без ответа",
  "Продление срока",
];

function csvRecord(appeal: RegistryAppeal & Pick<ListedRow, "drafts">, today: string): string[] {
  const deadline = nextDeadline(appeal, today);
  const review = draftReviewOf(appeal, appeal.drafts);
  return [
    appeal.number,
    formatKirovDateTime(new Date(appeal.created_at)),
    appeal.registered_on ? formatRussianDate(appeal.registered_on) : "",
    appealStateLabels[appeal.state],
    // The list's mark in words: «На согласовании», «На доработку».
    review ? draftReviewLabels[review] : "",
    // A cell of its own: the last day and the state's word, without 'до' and brackets.
    deadline
      ? `${formatRussianDate(deadline.due)} ${deadlineStateWords[deadline.state]}`.trim()
      : "",
    // Citizens' and staff's text with its invisible and bidi controls shown as \u{…}: a
    // U+202E would reverse the cell in Excel as on a page.
    visibleText(appeal.last_name),
    visibleText(appeal.first_name),
    visibleText(appeal.email),
    visibleText(appeal.phone),
    visibleText(appeal.region),
    visibleText(appeal.comment),
    appeal.forwarded_to
      ? `${visibleText(appeal.forwarded_to)}${appeal.forwarded_on ? `, ${formatRussianDate(appeal.forwarded_on)}` : ""}`
      : "",
    appeal.without_answer_ground ? groundLabel(appeal.without_answer_ground) : "",
    appeal.extension_days > 0
      ? `${appeal.extension_days} дн.: ${visibleText(appeal.extension_reason ?? "")}`
      : "",
  ];
}

export function sendRegistryCsv(
  reply: FastifyReply,
  appeals: Pick<AppealsRepository, "eachInRegistry">,
  query: ScopedRegistryQuery,
  today: string,
) {
  const { after: _after, ...filters } = query;
  async function* records() {
    for await (const appeal of appeals.eachInRegistry(filters, today))
      yield csvRecord(appeal, today);
  }
  const csv = Readable.from(records()).pipe(
    stringify({ ...excelCsvOptions, header: true, columns: csvColumns }),
  );
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="appeals-${today}.csv"`)
    .send(csv);
}
