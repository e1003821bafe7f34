// Seeds a store with N synthetic appeals received over the two years before today, spread as a
// year of real work would spread them: more on working days, most registered within 3 days, most
// answered within the term and some late, some extended, forwarded or left without an answer,
// most from the Kirov region, most with a topic. Every name, e-mail, phone and text is unique to
// its appeal, so a test can search a page for each of them. Deterministic for a given seed.
// Used by the statistics tests (10,000) and bench/statistics.ts (1,000,000).
//   node scripts/seed-appeals.ts <DATABASE_URL> [count=10000] [seed=19]
import { randomUUID } from "node:crypto";
import { withoutAnswerGrounds } from "../domain/appeals/appeal-states.ts";
import type { AppealTopic } from "../domain/appeals/appeal-topics.ts";
import { regionOptions } from "../domain/appeals/regions.ts";
import { registrationNumber } from "../domain/appeals/registration-number.ts";
import { addCalendarDays } from "../domain/calendar/calendar-day.ts";
import { kirovIsoDate, kirovOffsetMinutes } from "../domain/time/kirov-time.ts";
import { loadStoreConfig } from "../server/config.ts";
import {
  createAppealSeedsRepository,
  type SeededAppeal,
} from "../server/db/appeal-seeds-repository.ts";
import type { Database } from "../server/db/database.ts";
import { openDatabase } from "../server/db/open-database.ts";

export type { SeededAppeal };

/** A small deterministic generator (mulberry32): the same seed gives the same store. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const firstNames = ["Анна", "Борис", "Галина", "Дмитрий", "Елена", "Жанна", "Игорь", "Ксения"];
const lastNames = ["Агафонова", "Белоусов", "Веретенникова", "Гладышев", "Дьяконова", "Ершов"];
const kirovRegion = regionOptions.find((region) => region.startsWith("43 - ")) ?? "";
const neighbours = regionOptions.filter((region) => /^(11|12|16|18|35|44|52|59) - /.test(region));
const forwardTargets = [
  "Министерство сельского хозяйства и продовольствия Кировской области",
  "Управление Россельхознадзора по Кировской области",
  "Управление Росреестра по Кировской области",
];
const topicWeights: ReadonlyArray<[code: AppealTopic, weight: number]> = [
  ["soil-survey", 30],
  ["laboratory", 25],
  ["prices-contracts", 15],
  ["reclamation-design", 10],
  ["maps-land-data", 8],
  ["vacancies", 5],
  ["other", 7],
];

function weighted<T>(next: () => number, items: ReadonlyArray<[T, number]>): T {
  const total = items.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = next() * total;
  for (const [item, weight] of items) {
    roll -= weight;
    if (roll < 0) return item;
  }
  return items[items.length - 1]?.[0] as T;
}

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)] as T;
}

/**
 * `count` appeals received between two years before `now` and `now`, oldest first, numbered from
 * `firstSeq`. Dates of registration, answer, forwarding and notice never lie after today.
 */
export function makeSeededAppeals(
  count: number,
  options: { now?: Date; seed?: number; firstSeq?: number } = {},
): SeededAppeal[] {
  const now = options.now ?? new Date();
  const next = random(options.seed ?? 19);
  const firstSeq = options.firstSeq ?? 1;
  const today = kirovIsoDate(now);
  const offset = kirovOffsetMinutes(now) * 60_000;
  const span = 730 * 86_400_000;
  const moments: number[] = [];
  while (moments.length < count) {
    const moment = now.getTime() - Math.floor(next() * span);
    // Fewer appeals at the weekend: drop two in three of them.
    const weekday = new Date(moment + offset).getUTCDay();
    if ((weekday === 0 || weekday === 6) && next() < 0.67) continue;
    moments.push(moment);
  }
  moments.sort((a, b) => a - b);
  const noLaterThanToday = (day: string) => (day > today ? today : day);

  return moments.map((moment, index) => {
    const seq = firstSeq + index;
    const createdAt = new Date(moment);
    const receivedOn = new Date(moment + offset).toISOString().slice(0, 10);
    const appeal: SeededAppeal = {
      seq,
      id: randomUUID(),
      number: registrationNumber(seq, createdAt),
      created_at: createdAt.toISOString(),
      first_name: `${pick(next, firstNames)}${seq}`,
      last_name: `${pick(next, lastNames)}-Сид${seq}`,
      email: `seed.author.${seq}@example.ru`,
      phone: `+7 922 ${String(seq)
        .padStart(7, "0")
        .replace(/^(\d{3})(\d{2})(\d{2})$/, "$1-$2-$3")}`,
      phone_normalized: `+7922${String(seq).padStart(7, "0")}`,
      region: weighted(next, [
        [kirovRegion, 70],
        [pick(next, neighbours), 18],
        [pick(next, regionOptions), 9],
        ["", 3],
      ]),
      comment: `Прошу разъяснить порядок работ по обращению с отметкой ${seq}-${Math.floor(next() * 1e9)}.`,
      state: "new",
      registered_on: null,
      extension_days: 0,
      extension_reason: null,
      forwarded_to: null,
      forwarded_on: null,
      answered_on: null,
      without_answer_ground: null,
      notice_sent_on: null,
      topic: next() < 0.88 ? weighted(next, topicWeights) : null,
    };
    // Registered on the day of receipt or within three days; the newest may still wait.
    const registeredOn = addCalendarDays(
      receivedOn,
      weighted(next, [
        [0, 50],
        [1, 30],
        [2, 12],
        [3, 6],
        [5, 2],
      ]),
    );
    if (registeredOn > today || (receivedOn >= addCalendarDays(today, -1) && next() < 0.5)) {
      return appeal;
    }
    appeal.registered_on = registeredOn;
    appeal.state = next() < 0.5 ? "registered" : "in_progress";
    const outcome = weighted(next, [
      ["answer", 86],
      ["forward", 8],
      ["without-answer", 4],
      ["still-open", 2],
    ]);
    if (outcome === "forward") {
      const forwardedOn = addCalendarDays(registeredOn, 1 + Math.floor(next() * 7));
      if (forwardedOn <= today) {
        appeal.state = "forwarded";
        appeal.forwarded_to = pick(next, forwardTargets);
        appeal.forwarded_on = forwardedOn;
      }
    } else if (outcome === "without-answer") {
      const ground = pick(next, withoutAnswerGrounds);
      appeal.state = "without_answer";
      appeal.without_answer_ground = ground.code;
      const noticeOn = addCalendarDays(registeredOn, 1 + Math.floor(next() * 9));
      if (ground.noticeRequired && next() < 0.9 && noticeOn <= today) {
        appeal.notice_sent_on = noticeOn;
      }
    } else if (outcome === "answer") {
      if (next() < 0.08) {
        appeal.extension_days = 30;
        appeal.extension_reason = "Запрошены сведения в другом органе";
      }
      // Most within the term, a few days over it now and then.
      const days = weighted(next, [
        [3 + Math.floor(next() * 10), 30],
        [13 + Math.floor(next() * 10), 40],
        [23 + Math.floor(next() * 8), 22],
        [31 + Math.floor(next() * 12), 8],
      ]);
      const answeredOn = addCalendarDays(registeredOn, days + (appeal.extension_days > 0 ? 20 : 0));
      if (answeredOn <= today) {
        appeal.state = "answered";
        appeal.answered_on = noLaterThanToday(answeredOn);
      }
    }
    return appeal;
  });
}

/** Writes `count` seeded appeals into a migrated, empty store, in chunks; returns them if asked. */
export async function seedAppeals(
  db: Database,
  count: number,
  options: { now?: Date; seed?: number; keep?: boolean } = {},
): Promise<SeededAppeal[]> {
  const seeds = createAppealSeedsRepository(db);
  const kept: SeededAppeal[] = [];
  const chunk = 50_000;
  for (let done = 0; done < count; done += chunk) {
    // One two-year span cut into chunks by seed: each chunk its own share of the whole span.
    const appeals = makeSeededAppeals(Math.min(chunk, count - done), {
      now: options.now,
      seed: (options.seed ?? 19) + done,
      firstSeq: done + 1,
    });
    await seeds.insert(appeals);
    if (options.keep ?? true) kept.push(...appeals);
  }
  await seeds.finish();
  return kept;
}

if (import.meta.main) {
  const [url, countText = "10000", seedText = "19"] = process.argv.slice(2);
  if (!url) {
    console.error("Usage: node scripts/seed-appeals.ts <DATABASE_URL> [count=10000] [seed=19]");
    process.exit(2);
  }
  // The URL given, under the disk reserve DISK_RESERVE_MB sets, as the server writes.
  const db = await openDatabase(loadStoreConfig({ ...process.env, DATABASE_URL: url }));
  try {
    const started = performance.now();
    await seedAppeals(db, Number(countText), { seed: Number(seedText), keep: false });
    console.log(
      `${Number(countText).toLocaleString("en")} appeals seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await db.close();
  }
}
