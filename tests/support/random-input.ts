// For tests: seeded random input, shared by the API's random-input test and the end-to-end
// malformed-request test. Seeded, so a failure names a case that can be replayed.
import { appealFields } from "../../domain/appeals/appeal-fields.ts";

/** mulberry32: a small, well-known seeded generator. */
export function seededRandom(initial: number) {
  let state = initial >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (limit: number) => Math.floor(next() * limit);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick };
}

export type Random = ReturnType<typeof seededRandom>;

/** Strings that have broken parsers, stores or terminals somewhere. */
export const oddStrings = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u001b[2J",
  "\r\n\r\nHTTP/1.1 200 OK",
  "Ёжик",
  "O'Brien",
  "Ӑнне-Мари O’Brien",
  "<script>alert(1)</script>",
  "'; DROP TABLE appeals; --",
  "{{7*7}}",
  "../../etc/passwd",
  "8 (912) 345-67-89",
  "+7 912 345 67 89 12",
  "a@b",
  "анна@почта.рф",
  "43 - Кировская область",
  "999 - Нигде",
  "\uD800",
  "\uFEFF",
  "\u202Eevil",
  "🙂".repeat(50),
  "x".repeat(6000),
  "__proto__",
];

/** Any JSON value, biased to what an appeal's fields might meet. */
export function randomValue(random: Random, depth = 0): unknown {
  switch (random.int(depth > 1 ? 6 : 8)) {
    case 0:
      return random.pick(oddStrings);
    case 1:
      return random.int(2) === 0;
    case 2:
      return random.pick([0, -1, 1.5, 1e308, Number.MAX_SAFE_INTEGER]);
    case 3:
      return null;
    case 4:
      return String.fromCharCode(
        ...Array.from({ length: random.int(40) }, () => random.int(0x600)),
      );
    case 5:
      return random.pick(oddStrings).slice(0, random.int(20));
    case 6:
      return Array.from({ length: random.int(3) }, () => randomValue(random, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: random.int(3) }, () => [
          random.pick([...appealFields, "__proto__", "constructor", "website", "x"]),
          randomValue(random, depth + 1),
        ]),
      );
  }
}

/** A valid appeal with some fields changed, dropped or added (the honeypot among them). */
export function randomAppeal(random: Random, valid: Record<string, unknown>) {
  const appeal: Record<string, unknown> = { ...valid };
  for (let change = 0; change <= random.int(4); change++) {
    const field = random.pick([...appealFields, "website", "extra"]);
    if (random.int(4) === 0) delete appeal[field];
    else appeal[field] = randomValue(random);
  }
  return appeal;
}
