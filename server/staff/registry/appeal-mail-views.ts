/**
 * The mails of an appeal as its page shows them: the handlers' notification, and what was mailed
 * to the author (the acknowledgement, the notices), read from the outbox.
 */
import { isNoticeKind, noticeLabels } from "../../../content/notice-templates.ts";
import type { AuthorMailView, NotificationView } from "../../../domain/staff/registry-types.ts";
import type { DataLayer } from "../../db/data-layer.ts";

type Deliveries = DataLayer["deliveries"];

/** The handlers' notification of the appeal, as staff see it. */
export async function notificationOf(
  deliveries: Deliveries,
  appealId: string,
): Promise<NotificationView> {
  const status = await deliveries.statusOf(appealId, "appeal-notification");
  if (!status) return { status: "none", attempts: 0, at: null };
  return {
    status: status.state,
    attempts: status.attempts,
    at: status.sentAt ?? status.lastAttemptAt,
  };
}

/** The acknowledgement and the notices mailed to the author, oldest first. */
export async function authorMailsOf(
  deliveries: Deliveries,
  appealId: string,
): Promise<AuthorMailView[]> {
  const mails = await deliveries.ofAppeal(appealId, ["appeal-acknowledgement", "appeal-notice"]);
  return mails.map((mail) => {
    const notice = String(mail.payload.notice ?? "");
    return {
      what:
        mail.kind === "appeal-acknowledgement"
          ? "Подтверждение получения"
          : isNoticeKind(notice)
            ? noticeLabels[notice]
            : notice,
      status: mail.state,
      attempts: mail.attempts,
      writtenAt: mail.createdAt,
      sentAt: mail.sentAt,
      // A bounce read from the mailbox (issue 46): «не доставлено» when permanent.
      bounce: mail.bounce ?? null,
    };
  });
}
