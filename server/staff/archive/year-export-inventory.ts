/**
 * «опись»: the inventory of a year's cases handed to the organisation's archive (issue 45), as a
 * printable page and as CSV for Excel in Russian: №, registration number, received, closed,
 * topic, storage term, case index, and how many files each case's folder holds.
 */
import { stringify } from "csv-stringify/sync";
import { formatRussianDate } from "../../../domain/calendar/calendar-day.ts";
import { formatKirovDateTime } from "../../../domain/time/kirov-time.ts";
import { excelCsvOptions } from "../registry/csv-export.ts";
import { escapeHtml, printablePage, textTable } from "./case-file-html.ts";

export type InventoryLine = {
  number: string;
  receivedOn: string;
  closedOn: string;
  topic: string;
  term: string;
  caseIndex: string;
  files: number;
};

const headings = [
  "№",
  "Регистрационный номер",
  "Поступило",
  "Закрыто",
  "Тема",
  "Срок хранения",
  "Индекс дела",
  "Файлов",
];

const cells = (line: InventoryLine, index: number) => [
  String(index + 1),
  line.number,
  formatRussianDate(line.receivedOn),
  formatRussianDate(line.closedOn),
  line.topic,
  line.term,
  line.caseIndex,
  String(line.files),
];

export function inventoryHtml(year: number, lines: readonly InventoryLine[], at: Date): string {
  return printablePage(
    `Опись дел по обращениям граждан, закрытым в ${year} году`,
    `${textTable(headings, lines.map(cells))}
<p>${escapeHtml(`Всего дел: ${lines.length}. Составлена ${formatKirovDateTime(at)}.`)}</p>`,
  );
}

export function inventoryCsv(lines: readonly InventoryLine[]): Buffer {
  return Buffer.from(stringify([headings, ...lines.map(cells)], excelCsvOptions), "utf8");
}
