/**
 * The editors' monthly mail of the pages past «Проверить до» (issue 43): on the first day of a
 * month the job runs (at REMINDER_TIME, Kirov time), one mail to every enabled editor with an
 * e-mail, if any page is past its day. A daily job that does its work once a month: a day whose
 * month already has a finished run only marks itself done, so a server down on the 1st sends the
 * month's mail on the next day it runs. Claimed by one server at a time, its delivery committed
 * with the day's mark (server/scheduled-jobs/daily-job.ts).
 */
import type { FastifyBaseLogger } from "fastify";
import { addCalendarDays } from "../../domain/calendar/calendar-day.ts";
import type { DataLayer } from "../db/data-layer.ts";
import { createDailyJob } from "../scheduled-jobs/daily-job.ts";
import type { ReviewDates } from "./review-dates.ts";

const reviewReminderJob = "site-review-reminder";

export function createReviewReminder(deps: {
  data: Pick<DataLayer, "transaction" | "deliveries" | "jobRuns" | "siteNotices">;
  reviewDates: Pick<ReviewDates, "current">;
  /** 'HH:MM', Kirov time. */
  time: string;
  log: FastifyBaseLogger;
  onEnqueued?: () => void;
  now?: () => Date;
}) {
  const { data } = deps;
  /** Whether a day of `day`'s month before it has a finished run: the month's mail is written. */
  const doneThisMonth = async (day: string) => {
    for (let earlier = `${day.slice(0, 7)}-01`; earlier < day; ) {
      if ((await data.jobRuns.read(reviewReminderJob, earlier))?.finishedAt) return true;
      earlier = addCalendarDays(earlier, 1);
    }
    return false;
  };
  return createDailyJob({
    name: reviewReminderJob,
    time: deps.time,
    data,
    log: deps.log,
    ...(deps.now ? { now: deps.now } : {}),
    async run({ day, at, finishIn }) {
      const month = day.slice(0, 7);
      if (await doneThisMonth(day)) return { month, done: "earlier this month" };
      const due = (await deps.reviewDates.current(at)).filter((page) => page.due);
      const editors = due.length > 0 ? await data.siteNotices.withRole("editor") : [];
      await data.transaction(async (tx) => {
        await finishIn(tx, { month, pages: due.length, editors: editors.length });
        if (editors.length === 0) return;
        await data.deliveries.enqueue(
          {
            kind: "site-review-due",
            recipients: editors.map((editor) => ({ address: editor.email })),
            payload: { month, day },
            at,
          },
          tx,
        );
      });
      if (editors.length > 0) deps.onEnqueued?.();
      return {};
    },
  });
}
