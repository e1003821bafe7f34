import type { FastifyInstance } from "fastify";
import type { DataLayer } from "../db/data-layer.ts";
import type { MailDoor } from "../mail/register-delivery-sender.ts";
import { registerDailyJob } from "../scheduled-jobs/register-daily-job.ts";
import { createReviewDates } from "./review-dates.ts";
import { createReviewReminder } from "./review-reminder.ts";
import { createSiteApprovalDigest } from "./site-approval-digest.ts";

/**
 * The site's scheduled mails (issue 43): the heads' daily digest of editions awaiting approval
 * and the editors' monthly list of pages past «Проверить до», both at REMINDER_TIME. Off while
 * mail is off, or with REMINDER_TIME=off, as the daily reminder.
 */
export function registerSiteNoticeJobs(
  app: FastifyInstance,
  deps: { data: DataLayer; mailDoor: MailDoor; time: string | null },
) {
  const { data, mailDoor, time } = deps;
  if (!mailDoor.enabled || time === null) return;
  const onEnqueued = () => mailDoor.wake();
  registerDailyJob(app, createSiteApprovalDigest({ data, time, log: app.log, onEnqueued }));
  registerDailyJob(
    app,
    createReviewReminder({
      data,
      reviewDates: createReviewDates({ data }),
      time,
      log: app.log,
      onEnqueued,
    }),
  );
}
