/**
 * «Отправить повторно» (issue 46): an answer whose mail did not reach the author (it bounced for
 * good, or failed every try) sent once more, to an address staff corrected, with the reason. A
 * new delivery of the answer (its files as kept), the appeal's own address unchanged; the audit
 * line holds the corrected address as the answer-by-post line holds the postal one.
 */
import type { ActionResult } from "../../../domain/staff/staff-ports.ts";
import { maySeeAppeal, roleRefusal, type StaffViewer } from "../../../domain/staff/staff-roles.ts";
import { uuidPattern } from "../../../domain/text/patterns.ts";
import { appealEntry } from "../../db/audit-repository.ts";
import type { DataLayer } from "../../db/data-layer.ts";
import type { DeliveryStatus } from "../../db/delivery-types.ts";
import { checkAddress, checkReason } from "./mailbox-checks.ts";

export type ResendDeps = {
  data: Pick<
    DataLayer,
    "transaction" | "appeals" | "answers" | "attachments" | "deliveries" | "audit"
  >;
  /** Told after the delivery is committed (the sender mails it at once). */
  onDeliveryQueued?: (() => void) | undefined;
  now: () => Date;
};

const noSuchAppeal = { ok: false, status: 404, message: "Обращение не найдено." } as const;

/** The answer's latest mail did not arrive: failed every try, or bounced for good. */
function undelivered(mail: DeliveryStatus | undefined): boolean {
  return mail !== undefined && (mail.state === "failed" || mail.bounce?.permanent === true);
}

export async function resendAnswer(
  deps: ResendDeps,
  viewer: StaffViewer,
  appealId: string,
  typedAddress: string,
  typedReason: string,
): Promise<ActionResult> {
  const { data } = deps;
  const appeal = uuidPattern.test(appealId)
    ? await data.appeals.findInRegistry(appealId)
    : undefined;
  if (!appeal || !maySeeAppeal(viewer, appeal)) return noSuchAppeal;
  // A head, or the executor the appeal is assigned to (maySeeAppeal saw to the assignment).
  if (viewer.role !== "head" && viewer.role !== "executor") {
    return { ok: false, status: 403, message: roleRefusal };
  }
  const address = checkAddress(typedAddress);
  if (!address.ok) return address;
  const reason = checkReason(typedReason, "Укажите причину исправления адреса.");
  if (!reason.ok) return reason;
  const answer = await data.answers.ofAppeal(appeal.id);
  const mail = await data.deliveries.statusOf(appeal.id, "appeal-answer");
  if (answer?.state !== "sent" || !undelivered(mail)) {
    return {
      ok: false,
      status: 409,
      message: "Повторно на исправленный адрес отправляют, только когда ответ не доставлен.",
    };
  }
  const files = await data.attachments.listOf({ kind: "answer", id: answer.id });
  const at = deps.now();
  await data.transaction(async (tx) => {
    await data.deliveries.enqueue(
      {
        kind: "appeal-answer",
        appealId: appeal.id,
        recipients: [{ address: address.address }],
        payload: { answer: answer.id },
        attachments: files.map((file) => ({ store: "attachments", id: file.id })),
        at,
      },
      tx,
    );
    await data.audit.record(
      appealEntry(at, viewer.login, appeal.id, "resend-answer", {
        details: `ответ отправлен повторно на исправленный адрес: ${address.address}; причина: ${reason.reason}`,
      }),
      tx,
    );
  });
  deps.onDeliveryQueued?.();
  return { ok: true };
}
