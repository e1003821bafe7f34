/**
 * One line of «История»: what an edition changed against the one before, in words (decision
 * 0031). Each page says how its content compares (vacancy-changes.ts, price-changes.ts…).
 */
export type FieldChange = { what: string; before: string; after: string };

/** Field by field, the labelled values that differ between two versions of one thing. */
export function changedFields(
  name: string,
  before: readonly { label: string; value: string }[],
  after: readonly { label: string; value: string }[],
): FieldChange[] {
  const changes: FieldChange[] = [];
  after.forEach((field, index) => {
    const was = before[index]?.value ?? "";
    if (was !== field.value) {
      changes.push({ what: `${name}: ${field.label}`, before: was, after: field.value });
    }
  });
  return changes;
}

/**
 * The changes of a list of things with stable ids: each added, removed or changed (by `fields`),
 * and a new order when the kept ones moved.
 */
export function listChanges<Item extends { id: string }>(
  before: readonly Item[],
  after: readonly Item[],
  words: {
    nameOf: (item: Item) => string;
    fields: (item: Item) => { label: string; value: string }[];
    added: string;
    removed: string;
    order: string;
  },
): FieldChange[] {
  const earlier = new Map(before.map((item) => [item.id, item]));
  const later = new Map(after.map((item) => [item.id, item]));
  const changes: FieldChange[] = [];
  for (const item of after) {
    const old = earlier.get(item.id);
    if (!old) changes.push({ what: words.added, before: "", after: words.nameOf(item) });
    else changes.push(...changedFields(words.nameOf(old), words.fields(old), words.fields(item)));
  }
  for (const item of before) {
    if (!later.has(item.id)) {
      changes.push({ what: words.removed, before: words.nameOf(item), after: "" });
    }
  }
  const order = (items: readonly Item[], kept: Map<string, Item>) =>
    items.filter((item) => kept.has(item.id)).map((item) => item.id);
  if (order(before, later).join() !== order(after, earlier).join()) {
    changes.push({
      what: words.order,
      before: before.map(words.nameOf).join(", "),
      after: after.map(words.nameOf).join(", "),
    });
  }
  return changes;
}
