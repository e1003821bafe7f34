/**
 * The daily reminder: at REMINDER_TIME (Kirov time) the appeals whose term is past or in its last
 * days (domain/appeals/term-alerts.ts), in one mail to the handlers and the heads with an e-mail,
 * and to each executor with an e-mail a mail of their own appeals only. The heads' mail also says
 * how many appeals await their approval, with the link to that filtered list (a number and a
 * link: no personal data); on a day with nothing due but something awaiting, the heads alone get
 * it. Written once a day however many servers run: each checks
 * every minute, and only the one whose claim of the day's row goes in writes the reminder's
 * delivery, in the same transaction. The mail is then sent by the one delivery sender, with its
 * retries: an SMTP outage delays it instead of losing it. A day with nothing due sends no mail.
 */
import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { kirovIsoDate, kirovMinuteOfDay } from "../../../domain/time/kirov-time.ts";
import type { DataLayer } from "../../db/data-layer.ts";
import { startEveryMinute } from "../../every-minute.ts";
import { dueAppealsOn } from "../../mail/reminder-mail.ts";

export type ReminderOutcome = "not-yet" | "already-written" | "claimed-elsewhere" | "written";

export function createDailyReminder(deps: {
  data: Pick<DataLayer, "transaction" | "appeals" | "deliveries" | "reminders" | "staffAccounts">;
  /** 'HH:MM', Kirov time (checked by the configuration). */
  time: string;
  log: FastifyBaseLogger;
  /** Told when the reminder's delivery is written, so it leaves at once. */
  onEnqueued?: () => void;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const owner = randomUUID();
  const [hour, minute] = deps.time.split(":").map(Number);
  const sendAfter = Number(hour) * 60 + Number(minute);
  let doneDay: string | undefined;

  return {
    /** One check: writes today's reminder when it is time and no server has written it yet. */
    async runOnce(): Promise<ReminderOutcome> {
      const time = now();
      const day = kirovIsoDate(time);
      if (kirovMinuteOfDay(time) < sendAfter) return "not-yet";
      if (doneDay === day || (await deps.data.reminders.isDone(day))) {
        doneDay = day;
        return "already-written";
      }
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
      const claimed = await deps.data.transaction(async (tx) => {
        if (!(await deps.data.reminders.claimDay(day, owner, time, dueCount, tx))) return false;
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
        return true;
      });
      doneDay = day;
      if (!claimed) return "claimed-elsewhere";
      if (allRecipients.length > 0 || executorsDue.length > 0) deps.onEnqueued?.();
      deps.log.info(
        { day, appeals: dueCount, awaitingApproval: awaiting },
        "daily reminder written to the outbox",
      );
      return "written";
    },
  };
}

export type DailyReminder = ReturnType<typeof createDailyReminder>;

/** Checks every minute until stopped; a check never overlaps the previous one. */
export function startDailyReminder(
  reminder: DailyReminder,
  log: FastifyBaseLogger,
  everyMs = 60_000,
) {
  return startEveryMinute(() => reminder.runOnce(), log, "daily reminder", everyMs);
}
