/**
 * The organisation's mailbox as the staff pages ask for it (domain/staff/mailbox-port.ts, issue
 * 46): «Письма без обращения» (a registrar's and a head's: anyone else is answered nothing, shown
 * as 404), registering a waiting message as an appeal or setting it aside (each audited), the
 * count of answers that did not arrive, and an answer sent again to a corrected address.
 */
import type { MailboxPort } from "../../../domain/staff/mailbox-port.ts";
import type { StaffViewer } from "../../../domain/staff/staff-roles.ts";
import { eventEntry } from "../../db/audit-repository.ts";
import type { DataLayer } from "../../db/data-layer.ts";
import type { InboundLimits } from "../../mail/inbound/inbound-types.ts";
import { checkReason } from "./mailbox-checks.ts";
import { ourAddressesOf, waitingMessageView } from "./message-view.ts";
import { registerMessage } from "./register-message.ts";
import { resendAnswer } from "./resend-answer.ts";

export type MailboxServiceDeps = {
  data: Pick<
    DataLayer,
    | "transaction"
    | "inbound"
    | "appeals"
    | "answers"
    | "deliveries"
    | "acknowledgementCounts"
    | "attachments"
    | "audit"
  >;
  /** The limits the reader reads with: a waiting message is read again under the same. */
  limits: InboundLimits;
  /** Told after an appeal or a mail is committed (the delivery sender sends at once). */
  onDeliveryQueued?: (() => void) | undefined;
  now?: () => Date;
};

/** «Письма без обращения» is a registrar's and a head's. */
const handlesMail = (viewer: StaffViewer) => viewer.role === "registrar" || viewer.role === "head";

const isMessageId = (id: number) => Number.isSafeInteger(id) && id > 0;

const notFound = {
  ok: false,
  status: 404,
  message: "Письмо не найдено или уже обработано.",
} as const;

export function createMailboxService(deps: MailboxServiceDeps): MailboxPort {
  const { data, limits } = deps;
  const now = deps.now ?? (() => new Date());
  // A waiting message is shown whatever it is (message-view.ts): whether a bounce is ours does
  // not matter when it is read again.
  const ours = ourAddressesOf(undefined);
  return {
    async waiting(viewer) {
      return handlesMail(viewer) ? data.inbound.waiting() : undefined;
    },

    async message(viewer, id) {
      if (!handlesMail(viewer) || !isMessageId(id)) return undefined;
      const message = await data.inbound.waitingMessage(id);
      return message && waitingMessageView(message, limits, ours);
    },

    async register(viewer, id, form) {
      if (!handlesMail(viewer) || !isMessageId(id)) return notFound;
      return registerMessage(
        { data, limits, ours, onStored: deps.onDeliveryQueued, now },
        viewer,
        id,
        form,
      );
    },

    async setAside(viewer, id, typedReason) {
      if (!handlesMail(viewer) || !isMessageId(id)) return notFound;
      const reason = checkReason(typedReason, "Укажите причину, по которой письмо откладывается.");
      if (!reason.ok) return reason;
      const at = now();
      const done = await data.transaction(async (tx) => {
        if (!(await data.inbound.setAside(id, { login: viewer.login, at }, tx))) return false;
        // The message's sender, subject and text stay out of the log: only its number and why.
        await data.audit.record(
          eventEntry(
            at,
            viewer.login,
            "mail-set-aside",
            `письмо № ${id} отложено; причина: ${reason.reason}`,
          ),
          tx,
        );
        return true;
      });
      return done ? { ok: true } : notFound;
    },

    async undeliveredAnswers(viewer) {
      if (viewer.role === "head") return data.inbound.undeliveredAnswers();
      if (viewer.role === "executor") {
        return data.inbound.undeliveredAnswers({ assignee: viewer.login });
      }
      return 0;
    },

    resendAnswer: (viewer, appealId, address, reason) =>
      resendAnswer(
        { data, onDeliveryQueued: deps.onDeliveryQueued, now },
        viewer,
        appealId,
        address,
        reason,
      ),
  };
}
