// For tests: a reader of the public review who works out hidden counts. Given one quarter's
// counts as published (a number, 'менее 5' for a count below 5, 'скрыто' for one withheld, which
// the rule makes at least 5), it tries every table of whole counts the page is consistent with and
// reports each hidden count (a cell written 'менее 5', the late answers, the open appeals) that
// takes one value only, when that value is 1 to 4: a small count the page lets a reader compute.

const keys = ["received", "answered", "forwarded", "withoutAnswer", "answeredOnTime"] as const;
type Key = (typeof keys)[number];

/** What the reader sees of a count. */
export type SeenCount = number | "менее 5" | "скрыто";

/** How a review page writes a count, read back: '12', '1 234', 'менее 5', 'скрыто'. */
export function seenCount(text: string): SeenCount {
  if (text === "менее 5" || text === "скрыто") return text;
  const value = Number(text.replace(/\s/g, ""));
  if (!Number.isInteger(value)) throw new Error(`not a count: ${text}`);
  return value;
}

function fits(seen: SeenCount, value: number): boolean {
  if (seen === "менее 5") return value < 5;
  if (seen === "скрыто") return value >= 5;
  return seen === value;
}

/** The hidden counts of one row that a reader can compute to be 1–4, with their values. */
export function derivableSmallCounts(row: Record<Key, SeenCount>): Record<string, number> {
  // Every count is at most the received count, which is either shown or below 5; a withheld
  // received count (never chosen by the rule, but possible) is bounded by the sum of its parts.
  const bound = typeof row.received === "number" ? row.received : 60;
  const seenValues = new Map<string, Set<number>>();
  const note = (name: string, value: number) => {
    const values = seenValues.get(name) ?? new Set<number>();
    values.add(value);
    seenValues.set(name, values);
  };
  for (let onTime = 0; onTime <= bound; onTime += 1) {
    for (let late = 0; onTime + late <= bound; late += 1) {
      const answered = onTime + late;
      if (!fits(row.answeredOnTime, onTime) || !fits(row.answered, answered)) continue;
      for (let forwarded = 0; answered + forwarded <= bound; forwarded += 1) {
        if (!fits(row.forwarded, forwarded)) continue;
        for (let without = 0; answered + forwarded + without <= bound; without += 1) {
          if (!fits(row.withoutAnswer, without)) continue;
          for (let open = 0; answered + forwarded + without + open <= bound; open += 1) {
            const received = answered + forwarded + without + open;
            if (!fits(row.received, received)) continue;
            const table = { received, answered, forwarded, withoutAnswer: without };
            for (const key of keys) {
              if (row[key] === "менее 5") note(key, { ...table, answeredOnTime: onTime }[key]);
            }
            note("late", late);
            note("open", open);
          }
        }
      }
    }
  }
  if (seenValues.size === 0) throw new Error(`no table fits ${JSON.stringify(row)}`);
  const found: Record<string, number> = {};
  for (const [name, values] of seenValues) {
    const [only] = values;
    if (values.size === 1 && only !== undefined && only > 0 && only < 5) found[name] = only;
  }
  return found;
}
