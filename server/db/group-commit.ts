/** What became of one item of a batch: its result, or the error that failed it alone. */
export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

type Waiting<T, R> = { item: T; resolve(value: R): void; reject(error: unknown): void };

/**
 * Group commit for the SQLite database (node:sqlite): items added while the event loop is busy
 * (all the requests read in one turn of the loop) are written by one call of `commit`, in one
 * transaction with one fsync, instead of one fsync each. Each item's promise settles only after
 * that call returned, so nothing is acknowledged before its commit is on disk. `commit` reports
 * each item's own outcome (one bad item fails alone) and throws when the whole batch failed (the
 * transaction did not commit: every item fails, none is stored).
 */
export function createGroupCommit<T, R>(
  commit: (items: T[]) => Outcome<R>[] | Promise<Outcome<R>[]>,
) {
  let waiting: Waiting<T, R>[] = [];

  const flush = async () => {
    const batch = waiting;
    waiting = [];
    if (batch.length === 0) return;
    let outcomes: Outcome<R>[];
    try {
      outcomes = await commit(batch.map((entry) => entry.item));
    } catch (error) {
      for (const entry of batch) entry.reject(error);
      return;
    }
    batch.forEach((entry, index) => {
      const outcome = outcomes[index];
      if (outcome?.ok) entry.resolve(outcome.value);
      else entry.reject(outcome ? outcome.error : new Error("group commit: no outcome"));
    });
  };

  return {
    add(item: T): Promise<R> {
      return new Promise<R>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        // After the loop's I/O callbacks: every request already read joins this batch.
        if (waiting.length === 1) setImmediate(() => void flush());
      });
    },
    /** Commits what is waiting now (the database calls it before it closes). */
    flush,
  };
}
