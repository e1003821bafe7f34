// For the fault tests: a steady load of appeals posted to a real server by a few workers, each
// answer kept with when it was asked (ms from `started`), how long it took, and what it said.
import { setTimeout as sleep } from "node:timers/promises";

export type LoadOutcome = {
  status: number | "no answer";
  /** The appeal's place in the order of sending: 0 for the first sent. */
  index: number;
  /** When the appeal was sent, in ms from the load's `started`. */
  at: number;
  ms: number;
  id?: string;
  /** The refusal's message, when there was one (`errors._form`). */
  message?: string;
  /** Why there was no answer. */
  error?: string;
};

export function startAppealLoad(options: {
  baseUrl: string;
  workers: number;
  started: number;
  appeal: (index: number) => Record<string, unknown>;
  /** Pause of a worker after an answer other than 201, so a refusing server is not hammered. */
  pauseAfterRefusalMs: number;
}) {
  const outcomes: LoadOutcome[] = [];
  let next = 0;
  let running = true;
  const worker = async () => {
    while (running) {
      const index = next++;
      const at = Date.now() - options.started;
      try {
        const response = await fetch(`${options.baseUrl}/api/users/appeals/`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(options.appeal(index)),
          signal: AbortSignal.timeout(15_000),
        });
        const body = (await response.json()) as { id?: string; errors?: { _form?: string } };
        const ms = Date.now() - options.started - at;
        outcomes.push({
          status: response.status,
          index,
          at,
          ms,
          id: body.id,
          message: body.errors?._form,
        });
      } catch (error) {
        const { cause } = error as { cause?: { code?: string } };
        outcomes.push({
          status: "no answer",
          index,
          at,
          ms: Date.now() - options.started - at,
          error: cause?.code ?? String(error),
        });
      }
      if (outcomes.at(-1)?.status !== 201) await sleep(options.pauseAfterRefusalMs);
    }
  };
  const load = Promise.all(Array.from({ length: options.workers }, worker));
  return {
    outcomes,
    /**
     * How many appeals have been sent so far: those sent from now on have an `index` of at least
     * this. Exact, unlike a clock: the load runs on the caller's own event loop, so no appeal is
     * sent while the caller's synchronous work (filling a disk, say) runs.
     */
    sent: () => next,
    async stop() {
      running = false;
      await load;
    },
  };
}
