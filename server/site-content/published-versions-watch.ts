/**
 * The published versions compared now and then (issue 40): a notice can be lost without the
 * listening connection seeming to fail (a firewall that forgets it, a notice dropped on a
 * reconnect), so every `everyMs` the server reads each page's published edition id, one small
 * query, and shows each page whose id changed since the last reading. A lost notice then costs
 * at most one round, not for ever. It works the same on SQLite, where it finds nothing to do
 * unless a second server shares the file.
 */
export type PublishedVersionsWatch = {
  /** One round now: resolves once every changed page is shown (or has failed, to be retried). */
  check(): Promise<void>;
  stop(): void;
};

export function watchPublishedVersions(deps: {
  read: () => Promise<Map<string, number>>;
  /** Shows the page's published edition if it is not shown yet (the service's showPublished). */
  show: (page: string) => Promise<void>;
  everyMs: number;
  /** A round that failed: told once until a round succeeds again (an outage is one line). */
  onError: (error: unknown) => void;
}): PublishedVersionsWatch {
  /** The edition id of each page as last shown. Empty at first: the first round looks at all. */
  const seen = new Map<string, number>();
  let failing = false;
  let round: Promise<void> | undefined;

  const compare = async () => {
    const failures: unknown[] = [];
    for (const [page, id] of await deps.read()) {
      if (seen.get(page) === id) continue;
      // A page that fails is not marked seen: the next round tries it again.
      await deps.show(page).then(
        () => seen.set(page, id),
        (error: unknown) => failures.push(error),
      );
    }
    if (failures.length > 0) throw failures[0];
  };
  const check = () => {
    // One round at a time: a slow store never piles them up.
    round ??= compare()
      .then(
        () => {
          failing = false;
        },
        (error: unknown) => {
          if (!failing) deps.onError(error);
          failing = true;
        },
      )
      .finally(() => {
        round = undefined;
      });
    return round;
  };
  const timer = setInterval(() => void check(), deps.everyMs);
  return { check, stop: () => clearInterval(timer) };
}
