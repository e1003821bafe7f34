/**
 * Which of a public review row's counts may be shown (complementary suppression). A count below 5
 * is written 'менее 5' (primary suppression); but a row's counts are tied by sums, so a hidden
 * small count could still be worked out by subtraction: «Дан ответ» 7 and «Ответ дан в срок» 6
 * tell that one answer was late. So a count that would let a reader compute a small hidden count
 * (or a small sum of hidden counts) is withheld too, shown as 'скрыто'.
 *
 * The sums a row shows or implies, each `total = parts`, with two counts the page never shows
 * (late answers, and appeals still open or in no shown outcome):
 *   answered = answeredOnTime + late
 *   received = answered + forwarded + withoutAnswer + open
 *   received = answeredOnTime + late + forwarded + withoutAnswer + open  (the two combined)
 * A reader knows every shown count, so from each sum whose total is shown they know the sum of
 * the parts they do not see. That sum must not be 1 to 4. (A sum of 0 is allowed: it tells that
 * each part is 0, which points at no one; without it every quarter with all answers on time would
 * lose a count.) A shown part of the first sum that breaks this is withheld (the smallest, which
 * loses the least), then the sums are checked again; withholding only adds unknowns, so this
 * ends. The review has no row of totals: quarters are not summed on the page.
 */

/** The counts of one quarter, as counted. */
export type ReviewCounts = {
  received: number;
  answered: number;
  forwarded: number;
  withoutAnswer: number;
  answeredOnTime: number;
};

type ReviewCountKey = keyof ReviewCounts;

/** A count as published: the number, or null where it is withheld to protect a small count. */
export type PublishedCounts = Record<ReviewCountKey, number | null>;

/** Counts below this are not shown as numbers. */
export const smallCountLimit = 5;

type Term = ReviewCountKey | "late" | "open";
type Sum = { total: ReviewCountKey; parts: readonly Term[] };

const sums: readonly Sum[] = [
  { total: "answered", parts: ["answeredOnTime", "late"] },
  { total: "received", parts: ["answered", "forwarded", "withoutAnswer", "open"] },
  {
    total: "received",
    parts: ["answeredOnTime", "late", "forwarded", "withoutAnswer", "open"],
  },
];

export function suppressReviewCounts(counts: ReviewCounts): PublishedCounts {
  const values: Record<Term, number> = {
    ...counts,
    late: counts.answered - counts.answeredOnTime,
    open: counts.received - counts.answered - counts.forwarded - counts.withoutAnswer,
  };
  const shown = new Set<Term>(
    (Object.keys(counts) as ReviewCountKey[]).filter((key) => counts[key] >= smallCountLimit),
  );
  for (let changed = true; changed; ) {
    changed = false;
    for (const sum of sums) {
      if (!shown.has(sum.total)) continue;
      const unseen = sum.parts.filter((part) => !shown.has(part));
      const unseenSum = unseen.reduce((total, part) => total + values[part], 0);
      if (unseen.length === 0 || unseenSum === 0 || unseenSum >= smallCountLimit) continue;
      const smallestShown = sum.parts
        .filter((part) => shown.has(part))
        .sort((a, b) => values[a] - values[b])[0];
      shown.delete(smallestShown ?? sum.total);
      changed = true;
    }
  }
  const published = {} as PublishedCounts;
  for (const key of Object.keys(counts) as ReviewCountKey[]) {
    published[key] = shown.has(key) || counts[key] < smallCountLimit ? counts[key] : null;
  }
  return published;
}
