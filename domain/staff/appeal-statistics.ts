/**
 * The statistics of the appeals received in a period, from what the database grouped
 * (server/db/statistics-repository.ts): the page, the CSV and the XLSX workbook show the same
 * figures, each a list of labelled numbers. Days to answer count from registration (the day the
 * 30-day term starts) to the answer; an answer is on time when it is on or before the term's last
 * day (answerDue, with its extension and the move to a working day).
 */
import { appealStateLabels, appealStates, withoutAnswerGrounds } from "../appeals/appeal-states.ts";
import { appealTopics, topicLabel } from "../appeals/appeal-topics.ts";
import { answerDue } from "../appeals/legal-terms.ts";
import type { PeriodBucket } from "./statistics-period.ts";

/** Appeals of one bucket (month or quarter), state and ground (without answer), and how many. */
type StateCount = {
  bucket: number;
  state: string;
  ground: string | null;
  count: number;
};

/**
 * Answered appeals answered more than 30 days plus their extension after registration: whether
 * they are late depends on the production calendar (a last day on a day off moves), so they are
 * grouped by their dates and judged by answerDue. Every other answer is on time.
 */
export type LateCandidate = {
  bucket: number;
  registeredOn: string;
  extensionDays: number;
  answeredOn: string;
  count: number;
};

/** What the database grouped; a value may come in several rows (their sum counts). */
export type StatisticsCounts = {
  states: StateCount[];
  regions: Array<{ region: string; count: number }>;
  topics: Array<{ topic: string | null; count: number }>;
  /** Answered appeals by whole days from registration to the answer. */
  answerDays: Array<{ days: number; count: number }>;
  lateCandidates: LateCandidate[];
  /** Appeals whose running term is overdue today, by the state they wait in. */
  overdueByState: Array<{ state: string; count: number }>;
};

type FigureRow = {
  label: string;
  value: number;
  /** How the number is written ('1 234', '87,5 %', '12,3'). */
  text: string;
};

export type Figure = {
  id: string;
  title: string;
  /** The table's heading of the number column. */
  valueHeader: string;
  /** Drawn as bars, and listed in the table. */
  rows: FigureRow[];
  /** Listed in the table after the bars' rows, not drawn (a share, a mean). */
  extra: FigureRow[];
};

export type AppealStatistics = { total: number; figures: Figure[] };

const countFormat = new Intl.NumberFormat("ru-RU");
const decimalFormat = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 1 });

function countRow(label: string, value: number): FigureRow {
  return { label, value, text: countFormat.format(value) };
}

function decimalRow(label: string, value: number, suffix = ""): FigureRow {
  return { label, value, text: `${decimalFormat.format(value)}${suffix}` };
}

/** How many of the candidates were answered after their term's last day. */
export function lateAnswers(candidates: readonly LateCandidate[], bucket?: number): number {
  let late = 0;
  for (const candidate of candidates) {
    if (bucket !== undefined && candidate.bucket !== bucket) continue;
    if (candidate.answeredOn > answerDue(candidate.registeredOn, candidate.extensionDays)) {
      late += candidate.count;
    }
  }
  return late;
}

function sumBy<T extends { count: number }, K>(rows: readonly T[], key: (row: T) => K) {
  const sums = new Map<K, number>();
  for (const row of rows) sums.set(key(row), (sums.get(key(row)) ?? 0) + row.count);
  return sums;
}

/** The smallest number of days within which `fraction` of the answers were given. */
export function percentileDays(
  answerDays: ReadonlyArray<{ days: number; count: number }>,
  fraction: number,
): number {
  const sorted = [...answerDays].sort((a, b) => a.days - b.days);
  const total = sorted.reduce((sum, row) => sum + row.count, 0);
  let seen = 0;
  for (const row of sorted) {
    seen += row.count;
    if (seen >= fraction * total) return row.days;
  }
  return 0;
}

const answerDayBands: ReadonlyArray<[label: string, upTo: number]> = [
  ["до 10 дней", 10],
  ["11–20 дней", 20],
  ["21–30 дней", 30],
  ["31–40 дней", 40],
  ["41–60 дней", 60],
  ["более 60 дней", Number.POSITIVE_INFINITY],
];

/** Regions shown by name; the rest are summed in one row. */
const topRegions = 10;

const overdueTermLabels: Record<string, string> = {
  new: "Регистрация",
  registered: "Ответ",
  in_progress: "Ответ",
  without_answer: "Уведомление автора",
};

export function summariseStatistics(
  counts: StatisticsCounts,
  months: readonly PeriodBucket[],
): AppealStatistics {
  const { states } = counts;
  const total = states.reduce((sum, row) => sum + row.count, 0);

  const byMonth = sumBy(states, (row) => row.bucket);
  const byState = sumBy(states, (row) => row.state);
  const byRegion = [...sumBy(counts.regions, (row) => row.region)].sort(
    (a, b) => b[1] - a[1] || a[0].localeCompare(b[0], "ru"),
  );
  const byTopic = sumBy(counts.topics, (row) => row.topic);
  const byGround = sumBy(
    states.filter((row) => row.state === "without_answer"),
    (row) => row.ground,
  );

  const regionRows = byRegion
    .slice(0, topRegions)
    .map(([region, count]) => countRow(region || "Регион не указан", count));
  const otherRegions = byRegion.slice(topRegions).reduce((sum, [, count]) => sum + count, 0);
  if (byRegion.length > topRegions) regionRows.push(countRow("Остальные регионы", otherRegions));

  const knownTopics = new Set<string | null>(appealTopics.map((topic) => topic.code));
  const topicRows = [
    ...appealTopics.map((topic) => countRow(topic.label, byTopic.get(topic.code) ?? 0)),
    ...[...byTopic]
      .filter(([code]) => code !== null && !knownTopics.has(code))
      .map(([code, count]) => countRow(topicLabel(code), count)),
    countRow(topicLabel(null), byTopic.get(null) ?? 0),
  ];

  const answered = byState.get("answered") ?? 0;
  const open =
    (byState.get("new") ?? 0) +
    (byState.get("registered") ?? 0) +
    (byState.get("in_progress") ?? 0);
  const outcomeRows = [
    countRow("Дан ответ", answered),
    countRow("Перенаправлено по компетенции", byState.get("forwarded") ?? 0),
    ...withoutAnswerGrounds.map((ground) =>
      countRow(`Без ответа: ${ground.label}`, byGround.get(ground.code) ?? 0),
    ),
    countRow("Ещё на рассмотрении", open),
  ];

  const late = lateAnswers(counts.lateCandidates);
  const answeredDays = counts.answerDays.reduce((sum, row) => sum + row.count, 0);
  const meanDays =
    answeredDays === 0
      ? 0
      : counts.answerDays.reduce((sum, row) => sum + row.days * row.count, 0) / answeredDays;
  const bands = answerDayBands.map(([label, upTo], index) => {
    const from = index === 0 ? Number.NEGATIVE_INFINITY : (answerDayBands[index - 1]?.[1] ?? 0);
    const count = counts.answerDays
      .filter((row) => row.days > from && row.days <= upTo)
      .reduce((sum, row) => sum + row.count, 0);
    return countRow(label, count);
  });

  const overdueByTerm = new Map<string, number>();
  for (const row of counts.overdueByState) {
    const label = overdueTermLabels[row.state] ?? row.state;
    overdueByTerm.set(label, (overdueByTerm.get(label) ?? 0) + row.count);
  }
  const overdueTotal = counts.overdueByState.reduce((sum, row) => sum + row.count, 0);

  return {
    total,
    figures: [
      {
        id: "received-per-month",
        title: "Поступило обращений по месяцам",
        valueHeader: "Обращений",
        rows: months.map((month, index) => countRow(month.label, byMonth.get(index) ?? 0)),
        extra: [countRow("Всего", total)],
      },
      {
        id: "by-state",
        title: "Состояние на сегодня",
        valueHeader: "Обращений",
        rows: appealStates.map((state) =>
          countRow(appealStateLabels[state], byState.get(state) ?? 0),
        ),
        extra: [],
      },
      {
        id: "by-region",
        title: `По регионам (${topRegions} с наибольшим числом обращений и остальные)`,
        valueHeader: "Обращений",
        rows: regionRows,
        extra: [],
      },
      {
        id: "by-topic",
        title: "По темам",
        valueHeader: "Обращений",
        rows: topicRows,
        extra: [],
      },
      {
        id: "by-outcome",
        title: "По итогам рассмотрения",
        valueHeader: "Обращений",
        rows: outcomeRows,
        extra: [],
      },
      {
        id: "on-time",
        title: "Ответы в срок",
        valueHeader: "Ответов",
        rows: [countRow("В срок", answered - late), countRow("С нарушением срока", late)],
        extra: [
          decimalRow(
            "Доля ответов в срок",
            answered === 0 ? 0 : ((answered - late) / answered) * 100,
            " %",
          ),
        ],
      },
      {
        id: "answer-days",
        title: "Дней от регистрации до ответа",
        valueHeader: "Ответов",
        rows: bands,
        extra: [
          decimalRow("Среднее, дней", meanDays),
          // The 90th percentile in words staff read without statistics (issue 44).
          decimalRow("9 из 10 ответов — не дольше, дней", percentileDays(counts.answerDays, 0.9)),
        ],
      },
      {
        id: "overdue-now",
        title: "Просрочено на сегодня, по видам сроков",
        valueHeader: "Обращений",
        rows: ["Регистрация", "Ответ", "Уведомление автора"].map((label) =>
          countRow(label, overdueByTerm.get(label) ?? 0),
        ),
        extra: [countRow("Всего просрочено", overdueTotal)],
      },
    ],
  };
}
