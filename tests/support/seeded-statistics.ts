// For the statistics tests: the figures of seeded appeals counted again here, row by row in plain
// JavaScript from the seed's own records, with the domain's term rules but none of the statistics
// code (no SQL, no grouping of the repository, no summing of the service), so the two can disagree.
import {
  type AppealState,
  appealStateLabels,
  appealStates,
  withoutAnswerGrounds,
} from "../../domain/appeals/appeal-states.ts";
import { appealTopics } from "../../domain/appeals/appeal-topics.ts";
import { answerDue } from "../../domain/appeals/legal-terms.ts";
import { nextDeadline } from "../../domain/appeals/running-terms.ts";
import { calendarDaysBetween } from "../../domain/calendar/calendar-day.ts";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import type { SeededAppeal } from "../../scripts/seed-appeals.ts";

// The seed script, for the data layer's own tests (server/ may not import scripts/ directly).
export { seedAppeals } from "../../scripts/seed-appeals.ts";

export function receivedOn(appeal: SeededAppeal): string {
  return kirovIsoDate(new Date(appeal.created_at));
}

function tally(items: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
}

export function onTime(appeal: SeededAppeal): boolean {
  return (
    appeal.state === "answered" &&
    appeal.answered_on !== null &&
    appeal.registered_on !== null &&
    appeal.answered_on <= answerDue(appeal.registered_on, appeal.extension_days)
  );
}

/** The expected figures of the appeals received from `first` to `last` (days, included). */
export function expectedStatistics(
  all: readonly SeededAppeal[],
  first: string,
  last: string,
  today: string,
) {
  const appeals = all.filter((appeal) => receivedOn(appeal) >= first && receivedOn(appeal) <= last);
  const answered = appeals.filter((appeal) => appeal.state === "answered");
  const days = answered
    .map((appeal) => calendarDaysBetween(appeal.registered_on ?? "", appeal.answered_on ?? ""))
    .sort((a, b) => a - b);
  const overdueKinds = tally(
    appeals.flatMap((appeal) => {
      const deadline = nextDeadline({ ...appeal, state: appeal.state as AppealState }, today);
      return deadline?.state === "overdue" ? [deadline.kind] : [];
    }),
  );
  const states = tally(appeals.map((appeal) => appeal.state));
  const grounds = tally(appeals.flatMap((appeal) => appeal.without_answer_ground ?? []));
  const topics = tally(appeals.map((appeal) => appeal.topic ?? "none"));
  return {
    total: appeals.length,
    perMonth: tally(appeals.map((appeal) => receivedOn(appeal).slice(0, 7))),
    byState: new Map(
      appealStates.map((state) => [appealStateLabels[state], states.get(state) ?? 0]),
    ),
    byRegion: tally(appeals.map((appeal) => appeal.region || "Регион не указан")),
    byTopic: new Map([
      ...appealTopics.map((topic): [string, number] => [topic.label, topics.get(topic.code) ?? 0]),
      ["Тема не указана", topics.get("none") ?? 0],
    ]),
    byOutcome: new Map<string, number>([
      ["Дан ответ", states.get("answered") ?? 0],
      ["Перенаправлено по компетенции", states.get("forwarded") ?? 0],
      ...withoutAnswerGrounds.map((ground): [string, number] => [
        `Без ответа: ${ground.label}`,
        grounds.get(ground.code) ?? 0,
      ]),
      [
        "Ещё на рассмотрении",
        (states.get("new") ?? 0) +
          (states.get("registered") ?? 0) +
          (states.get("in_progress") ?? 0),
      ],
    ]),
    answered: answered.length,
    answeredOnTime: answered.filter(onTime).length,
    meanDays: days.reduce((sum, value) => sum + value, 0) / Math.max(1, days.length),
    p90Days: days[Math.ceil(0.9 * days.length) - 1] ?? 0,
    overdue: new Map([
      ["Регистрация", overdueKinds.get("registration") ?? 0],
      ["Ответ", overdueKinds.get("answer") ?? 0],
      ["Уведомление автора", overdueKinds.get("notice") ?? 0],
    ]),
  };
}

/** Per quarter since `first`: received, answered, forwarded, left without answer, on time. */
export function expectedReview(all: readonly SeededAppeal[], first: string, today: string) {
  const quarters = new Map<string, number[]>();
  for (const appeal of all) {
    const day = receivedOn(appeal);
    if (day < first || day > today) continue;
    const key = `${day.slice(0, 4)}-${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;
    const row = quarters.get(key) ?? [0, 0, 0, 0, 0];
    row[0] = (row[0] ?? 0) + 1;
    if (appeal.state === "answered") row[1] = (row[1] ?? 0) + 1;
    if (appeal.state === "forwarded") row[2] = (row[2] ?? 0) + 1;
    if (appeal.state === "without_answer") row[3] = (row[3] ?? 0) + 1;
    if (onTime(appeal)) row[4] = (row[4] ?? 0) + 1;
    quarters.set(key, row);
  }
  return quarters;
}
