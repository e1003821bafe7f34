import type { NotificationView } from "../../domain/staff/registry-types.ts";
import type { NotificationOutbox } from "../store/notification-outbox.ts";
import type { AppealNotifications } from "./registry-service.ts";

/** The staff area's view of the e-mail outbox (server/store/notification-outbox.ts). */
export function outboxNotifications(outbox: NotificationOutbox): AppealNotifications {
  return {
    async statusOf(appealId): Promise<NotificationView> {
      const status = await outbox.notificationStatus(appealId);
      if (!status) return { status: "none", attempts: 0, at: null };
      return {
        status: status.state,
        attempts: status.attempts,
        at: status.sentAt ?? status.lastAttemptAt,
      };
    },
    retry: (appealId) => outbox.retryNotification(appealId),
  };
}
