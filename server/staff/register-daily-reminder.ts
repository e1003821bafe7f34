import type { FastifyInstance } from "fastify";
import nodemailer from "nodemailer";
import type { MailConfig } from "../mail/mail-config.ts";
import { createDailyReminder, startDailyReminder } from "./daily-reminder.ts";
import type { StaffStore } from "./staff-store.ts";

/**
 * Runs the daily reminder while the app runs, sent over the same SMTP settings as the appeal
 * notifications. Off without SMTP_URL (the start-up log says mail is off) or with REMINDER_TIME=off.
 */
export function registerDailyReminder(
  app: FastifyInstance,
  deps: { store: StaffStore; mail: MailConfig | undefined; time: string | null },
) {
  const mail = deps.mail;
  const time = deps.time;
  if (!mail?.smtpUrl || time === null) return;
  const transport = nodemailer.createTransport({
    url: mail.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const reminder = createDailyReminder({
    store: deps.store,
    time,
    log: app.log,
    send: async (message) => {
      await transport.sendMail({ from: mail.from, to: mail.notifyTo, ...message });
    },
  });
  let running: ReturnType<typeof startDailyReminder> | undefined;
  app.addHook("onReady", async () => {
    running = startDailyReminder(reminder);
    app.log.info({ time }, "daily reminder on (Kirov time)");
  });
  app.addHook("onClose", async () => {
    await running?.stop();
    transport.close();
  });
}
