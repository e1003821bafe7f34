import type { FastifyBaseLogger } from "fastify";

/**
 * Runs `check` now and then every `everyMs` until stopped; a check never overlaps the previous
 * one, and a check that throws is logged (name and code only: no personal data) and tried again.
 * The daily jobs (server/scheduled-jobs/daily-job.ts) are such checks.
 */
export function startEveryMinute(
  check: () => Promise<unknown>,
  log: FastifyBaseLogger,
  what: string,
  everyMs = 60_000,
) {
  const guarded = () =>
    check().catch((error) => {
      const { name, code } = error as Error & { code?: unknown };
      log.error({ error: { name, code } }, `${what} not checked; tried again next minute`);
    });
  let running: Promise<unknown> = guarded();
  const timer = setInterval(() => {
    running = running.then(guarded);
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
