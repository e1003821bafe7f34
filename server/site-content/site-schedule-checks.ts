/**
 * When this server looks for scheduled editions whose moment has come (decision 0039): at once
 * when it starts (an edition due while every server was down is published then), then at the
 * earliest moment to come, and at least every `everyMs` (30 s) whatever it heard: a moment set
 * on another server is heard of by notice on PostgreSQL (`poke`), or at the next check. A check
 * never overlaps the one before; one that fails is logged (name and code only) and tried again.
 */
import type { FastifyBaseLogger } from "fastify";

export function startScheduleChecks(deps: {
  /** Publishes what is due. */
  publishDue: () => Promise<void>;
  /** The earliest moment of a scheduled edition, if any. */
  next: () => Promise<Date | undefined>;
  log: FastifyBaseLogger;
  everyMs?: number;
  now?: () => Date;
}) {
  const everyMs = deps.everyMs ?? 30_000;
  const now = deps.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  const logged = (what: string) => (error: unknown) => {
    const { name, code } = error as Error & { code?: unknown };
    deps.log.error({ error: { name, code } }, what);
  };

  const check = async () => {
    await deps
      .publishDue()
      .catch(logged("scheduled editions not all published or shown; checked again"));
    let delay = everyMs;
    await deps
      .next()
      .then((next) => {
        if (next) delay = Math.min(delay, Math.max(0, next.getTime() - now().getTime()));
      })
      .catch(logged("the next scheduled edition not read; looked for again"));
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, delay);
    timer.unref();
  };

  function run(): Promise<void> {
    running = running.then(check);
    return running;
  }

  return {
    /** The check at start: resolves once what was overdue is published. */
    first: run(),
    /** Look again now (a moment was set here or on another server). */
    poke: () => void run(),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
