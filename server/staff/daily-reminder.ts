/**
 * The daily reminder to the handlers: at REMINDER_TIME (Kirov time) the appeals whose term is past
 * or ends within 3 days, in one mail. Sent once a day however many servers run: each checks every
 * minute, and only the one that claims the day's row in staff_reminders sends; a claim whose sender
 * died is taken over after a lease, so a crash delays the mail instead of losing it.
 */
import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { nextDeadline } from "../../domain/appeals/appeal-deadlines.ts";
import { kirovIsoDate, kirovOffsetMinutes } from "../../domain/time/kirov-time.ts";
import { composeReminderMail, type DueAppeal, type ReminderMail } from "./reminder-mail.ts";
import type { StaffStore } from "./staff-store.ts";

export type ReminderOutcome = "not-yet" | "already-sent" | "claimed-elsewhere" | "sent" | "failed";

const claimLeaseMs = 10 * 60_000;

/** Minutes since Kirov midnight at that moment. */
function kirovMinuteOfDay(moment: Date): number {
  const local = new Date(moment.getTime() + kirovOffsetMinutes(moment) * 60_000);
  return local.getUTCHours() * 60 + local.getUTCMinutes();
}

export function createDailyReminder(deps: {
  store: StaffStore;
  send: (mail: ReminderMail) => Promise<void>;
  /** 'HH:MM', Kirov time. */
  time: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const owner = randomUUID();
  const [hour, minute] = deps.time.split(":").map(Number);
  const sendAfter = (hour ?? 8) * 60 + (minute ?? 0);
  let sentDay: string | undefined;

  async function dueAppeals(day: string): Promise<DueAppeal[]> {
    const due: DueAppeal[] = [];
    for (const filter of ["overdue", "due-soon"] as const) {
      for await (const appeal of deps.store.eachAppeal({ deadline: filter }, day)) {
        const deadline = nextDeadline(appeal, day);
        if (deadline) due.push({ appeal, deadline });
      }
    }
    return due.sort((a, b) => a.deadline.due.localeCompare(b.deadline.due));
  }

  return {
    /** One check: sends today's reminder when it is time and no server has sent it yet. */
    async runOnce(): Promise<ReminderOutcome> {
      const time = now();
      const day = kirovIsoDate(time);
      if (kirovMinuteOfDay(time) < sendAfter) return "not-yet";
      if (sentDay === day || (await deps.store.reminderSent(day))) {
        sentDay = day;
        return "already-sent";
      }
      if (!(await deps.store.claimReminder(day, owner, time, claimLeaseMs))) {
        return "claimed-elsewhere";
      }
      try {
        const due = await dueAppeals(day);
        // A day with nothing due sends no mail; the row still marks the day done.
        if (due.length > 0) await deps.send(composeReminderMail(day, due));
        await deps.store.markReminderSent(day, owner, now(), due.length);
        sentDay = day;
        deps.log.info({ day, appeals: due.length }, "daily reminder done");
        return "sent";
      } catch (error) {
        // The code only: an SMTP error's message can quote addresses.
        const { code } = error as { code?: unknown };
        deps.log.error({ day, error: { code } }, "daily reminder not sent; retried next minute");
        await deps.store.releaseReminder(day, owner).catch(() => {});
        return "failed";
      }
    },
  };
}

export type DailyReminder = ReturnType<typeof createDailyReminder>;

/** Checks every minute until stopped; a check never overlaps the previous one. */
export function startDailyReminder(reminder: DailyReminder, everyMs = 60_000) {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => reminder.runOnce()).catch(() => {});
  }, everyMs);
  timer.unref();
  running = reminder.runOnce().catch(() => {});
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
