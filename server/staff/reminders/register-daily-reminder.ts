import type { FastifyInstance } from "fastify";
import type { DataLayer } from "../../db/data-layer.ts";
import type { MailDoor } from "../../mail/register-delivery-sender.ts";
import { registerDailyJob } from "../../scheduled-jobs/register-daily-job.ts";
import { createDailyReminder } from "./daily-reminder.ts";

/**
 * Runs the daily reminder while the app runs; its mail goes through the deliveries like every
 * other. Off while mail is off (no SMTP_URL: the start-up log says so), or with REMINDER_TIME=off.
 */
export function registerDailyReminder(
  app: FastifyInstance,
  deps: { data: DataLayer; mailDoor: MailDoor; time: string | null },
) {
  const time = deps.time;
  if (!deps.mailDoor.enabled || time === null) return;
  const reminder = createDailyReminder({
    data: deps.data,
    time,
    log: app.log,
    onEnqueued: () => deps.mailDoor.wake(),
  });
  registerDailyJob(app, reminder.job);
}
