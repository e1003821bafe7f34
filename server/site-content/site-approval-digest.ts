/**
 * The heads' daily digest of the site's editions awaiting approval (issue 43): a head who chose
 * «раз в день» on their account page gets no mail per edition, but one a day listing every
 * edition waiting then, if any waits. Written once a day however many servers run, through the
 * scheduled jobs' helper (server/scheduled-jobs/daily-job.ts): the deliveries and the day's mark
 * commit in one transaction, as the daily reminder's do.
 */
import type { FastifyBaseLogger } from "fastify";
import type { DataLayer } from "../db/data-layer.ts";
import { createDailyJob } from "../scheduled-jobs/daily-job.ts";

export function createSiteApprovalDigest(deps: {
  data: Pick<DataLayer, "transaction" | "deliveries" | "jobRuns" | "siteNotices">;
  /** 'HH:MM', Kirov time. */
  time: string;
  log: FastifyBaseLogger;
  /** Told when a digest was written, so it leaves at once. */
  onEnqueued?: () => void;
  now?: () => Date;
}) {
  const { data } = deps;
  return createDailyJob({
    name: "site-approval-digest",
    time: deps.time,
    data,
    log: deps.log,
    ...(deps.now ? { now: deps.now } : {}),
    async run({ day, at, finishIn }) {
      const [awaiting, heads] = await Promise.all([
        data.siteNotices.awaiting(),
        data.siteNotices.approvers("daily", null),
      ]);
      const recipients = awaiting.length > 0 ? heads : [];
      await data.transaction(async (tx) => {
        await finishIn(tx, { editions: awaiting.length, heads: recipients.length });
        for (const head of recipients) {
          await data.deliveries.enqueue(
            {
              kind: "site-approval-digest",
              recipients: [{ address: head.email }],
              payload: { day },
              at,
            },
            tx,
          );
        }
      });
      if (recipients.length > 0) deps.onEnqueued?.();
      return {};
    },
  });
}
