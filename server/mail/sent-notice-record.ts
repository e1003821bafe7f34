import { siteActor } from "../../domain/appeals/acknowledgement-cap.ts";
import { noticeGroundCodes } from "../../domain/appeals/appeal-states.ts";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import { appealEntry } from "../db/audit-repository.ts";
import type { DataLayer } from "../db/data-layer.ts";
import type { ClaimedDelivery } from "../db/deliveries-repository.ts";

/**
 * When the notice to the author of an appeal left without an answer has left, the notice term is
 * met on that day: recorded on the appeal with its audit line, as staff would record a notice
 * sent by post ('Отметить уведомление автора').
 */
export async function recordSentNotice(
  data: Pick<DataLayer, "transaction" | "appeals" | "audit">,
  delivery: ClaimedDelivery,
  sentAt: Date,
): Promise<void> {
  const notice = String(delivery.payload.notice ?? "");
  if (delivery.kind !== "appeal-notice" || !delivery.appealId) return;
  if (!(noticeGroundCodes as readonly string[]).includes(notice)) return;
  const appealId = delivery.appealId;
  const day = kirovIsoDate(sentAt);
  await data.transaction(async (tx) => {
    if (!(await data.appeals.recordNoticeSent(appealId, day, tx))) return;
    await data.audit.record(
      appealEntry(sentAt, siteActor, appealId, "notice-sent", {
        details: "уведомление автору отправлено по электронной почте",
      }),
      tx,
    );
  });
}
