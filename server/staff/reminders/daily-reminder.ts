/**
 * The daily reminder: at REMINDER_TIME (Kirov time) the appeals whose term is past or in its last
 * days (domain/appeals/term-alerts.ts), in one mail to the handlers and the heads with an e-mail,
 * and to each executor with an e-mail a mail of their own appeals only. The heads' mail also says
 * how many appeals await their approval, with the link to that filtered list (a number and a
 * link: no personal data); on a day with nothing due but something awaiting, the heads alone get
 * it. Written once a day however many servers run, through the scheduled jobs' helper
 * (server/scheduled-jobs/daily-job.ts): the reminder's deliveries and the day's mark commit in one
 * transaction, so a server restarted around the minute neither writes it twice nor skips it. The
 * mail is then sent by the one delivery sender, with its retries: an SMTP outage delays it
 * instead of losing it. A day with nothing due sends no mail.
 */
import type { FastifyBaseLogger } from "fastify";
import type { DataLayer } from "../../db/data-layer.ts";
import { dueAppealsOn } from "../../mail/reminder-mail.ts";
import { createDailyJob, type DailyJobOutcome } from "../../scheduled-jobs/daily-job.ts";

export type ReminderOutcome =
  | "not-yet"
  | "already-written"
  | "claimed-elsewhere"
  | "written"
  | "failed";

const outcomes: Record<DailyJobOutcome, ReminderOutcome> = {
  "not-yet": "not-yet",
  done: "already-written",
  "claimed-elsewhere": "claimed-elsewhere",
  ran: "written",
  failed: "failed",
};

export function createDailyReminder(deps: {
  data: Pick<DataLayer, "transaction" | "appeals" | "deliveries" | "jobRuns" | "staffAccounts">;
  /** 'HH:MM', Kirov time (checked by the configuration). */
  time: string;
  log: FastifyBaseLogger;
  /** Told when the reminder's delivery is written, so it leaves at once. */
  onEnqueued?: () => void;
  now?: () => Date;
}) {
  const job = createDailyJob({
    name: "daily-reminder",
    time: deps.time,
    data: deps.data,
    log: deps.log,
    ...(deps.now ? { now: deps.now } : {}),
    async run({ day, at: time, finishIn }) {
      const due = await dueAppealsOn(deps.data.appeals, day);
      const dueCount = due.length;
      const awaiting = await deps.data.appeals.countInRegistry({ approval: "awaiting" }, day);
      const [heads, executors] = await Promise.all([
        deps.data.staffAccounts.activeWithRole("head"),
        deps.data.staffAccounts.activeWithRole("executor"),
      ]);
      const headAddresses = heads.flatMap((head) => (head.email ? [{ address: head.email }] : []));
      // The handlers' and heads' mail: with the terms due; without them, the heads' alone when
      // appeals await their approval.
      const allRecipients =
        dueCount > 0
          ? [{ group: "handlers" as const }, ...headAddresses]
          : awaiting > 0
            ? headAddresses
            : [];
      // Each executor with an e-mail and something due among their own appeals.
      const executorsDue = executors.filter(
        (executor) =>
          executor.email && due.some(({ appeal }) => appeal.assignee === executor.login),
      );
      await deps.data.transaction(async (tx) => {
        await finishIn(tx, { appeals: dueCount, awaitingApproval: awaiting });
        if (allRecipients.length > 0) {
          await deps.data.deliveries.enqueue(
            { kind: "daily-reminder", recipients: allRecipients, payload: { day }, at: time },
            tx,
          );
        }
        for (const executor of executorsDue) {
          await deps.data.deliveries.enqueue(
            {
              kind: "daily-reminder",
              recipients: [{ address: executor.email ?? "" }],
              payload: { day, assignee: executor.login },
              at: time,
            },
            tx,
          );
        }
      });
      if (allRecipients.length > 0 || executorsDue.length > 0) deps.onEnqueued?.();
      deps.log.info(
        { day, appeals: dueCount, awaitingApproval: awaiting },
        "daily reminder written to the outbox",
      );
      return {};
    },
  });
  return {
    job,
    /** One check: writes today's reminder when it is time and no server has written it yet. */
    runOnce: async (): Promise<ReminderOutcome> => outcomes[await job.runOnce()],
  };
}
