/**
 * The statistics page's figures as files: CSV as the registry's (csv-stringify: BOM, ';', formula
 * escaping, CRLF) and an XLSX workbook (exceljs). Both lay the figures out the same way: the
 * period, then per figure its title, the header, its rows and its extra rows, then a blank line.
 */
import { stringify } from "csv-stringify/sync";
import type { FastifyReply } from "fastify";
import type { AppealStatistics } from "../../../domain/staff/appeal-statistics.ts";
import {
  readStatisticsPeriod,
  type StatisticsPeriod,
} from "../../../domain/staff/statistics-period.ts";
import { escapeHtml } from "../../http/problem-answer.ts";
import { excelCsvOptions } from "../registry/csv-export.ts";
import type { StatisticsService } from "./statistics-service.ts";

type Line = Array<string | number>;

/** The figures as lines: `numbers` keeps values as numbers (XLSX), otherwise as written (CSV). */
function statisticsLines(
  period: StatisticsPeriod,
  statistics: AppealStatistics,
  numbers: boolean,
): Line[] {
  const lines: Line[] = [["Статистика обращений граждан", `Период: ${period.label}`], []];
  for (const figure of statistics.figures) {
    lines.push([figure.title], ["Показатель", figure.valueHeader]);
    for (const row of [...figure.rows, ...figure.extra]) {
      lines.push([row.label, numbers ? Math.round(row.value * 10) / 10 : row.text]);
    }
    lines.push([]);
  }
  return lines;
}

async function workbookOf(lines: Line[]): Promise<Buffer> {
  // Loaded when a workbook is first asked for: exceljs (with its zip libraries) is a third of the
  // server's start-up CPU (1.3 s of 5.8 s measured), and most servers never write a workbook.
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Статистика");
  sheet.columns = [{ width: 70 }, { width: 16 }];
  for (const line of lines) sheet.addRow(line);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function sendStatisticsFile(
  reply: FastifyReply,
  service: StatisticsService,
  url: string,
  today: string,
  format: "csv" | "xlsx",
) {
  const read = readStatisticsPeriod(new URLSearchParams(url.split("?")[1] ?? ""), today);
  if (!read.ok) {
    return reply
      .code(400)
      .type("text/html; charset=utf-8")
      .send(
        `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Статистика обращений</title></head><body><main><h1>Запрос отклонён</h1><p>${escapeHtml(read.message)}</p><p><a href="/staff/statistics">К статистике</a></p></main></body></html>`,
      );
  }
  const { period } = read;
  const statistics = await service.statisticsOf(period, today);
  const name = `appeals-statistics-${period.first}-${period.last}`;
  if (format === "csv") {
    const csv = stringify(statisticsLines(period, statistics, false), excelCsvOptions);
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${name}.csv"`)
      .send(csv);
  }
  return reply
    .type("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
    .header("content-disposition", `attachment; filename="${name}.xlsx"`)
    .send(await workbookOf(statisticsLines(period, statistics, true)));
}
