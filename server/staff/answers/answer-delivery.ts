/**
 * After an answer went out: its mail sent again once it failed every try, the answer recorded as
 * gone by post, and the answer as the appeal's page shows it (its files, its mail's state).
 */
import { formatRussianDate } from "../../../domain/calendar/calendar-day.ts";
import type { AnswerView, RegistryAppeal } from "../../../domain/staff/registry-types.ts";
import type { ActionResult } from "../../../domain/staff/staff-ports.ts";
import { kirovIsoDate } from "../../../domain/time/kirov-time.ts";
import { appealEntry } from "../../db/audit-repository.ts";
import type { DataLayer } from "../../db/data-layer.ts";
import { retryFailedDelivery } from "../registry/delivery-retry.ts";
import type { ByPostForm } from "./answer-rules.ts";

export function createAnswerDelivery(deps: {
  data: Pick<DataLayer, "transaction" | "audit" | "deliveries" | "answers" | "attachments">;
  onDeliveryQueued?: () => void;
  now: () => Date;
}) {
  const { data, now } = deps;
  return {
    /** The answer's mail put back in the queue after it failed every try. */
    retry(login: string, appealId: string): Promise<ActionResult> {
      return retryFailedDelivery(deps, {
        login,
        appealId,
        kind: "appeal-answer",
        at: now(),
        action: "retry-answer",
        details: "ответ поставлен в очередь на отправку повторно",
        nothingToRetry: "Повторять нечего: письмо с ответом не в состоянии ошибки.",
      });
    },

    /** The answer went by post after its mail failed: the day and the address, recorded. */
    async recordByPost(
      login: string,
      appeal: RegistryAppeal,
      form: ByPostForm,
    ): Promise<ActionResult> {
      const today = kirovIsoDate(now());
      const answer = await data.answers.ofAppeal(appeal.id);
      const mail = await data.deliveries.statusOf(appeal.id, "appeal-answer");
      // Not delivered: it failed every try, or it bounced for good (issue 46).
      if (!answer || !(mail?.state === "failed" || mail?.bounce?.permanent)) {
        return {
          ok: false,
          status: 409,
          message: "Отправку почтой отмечают, только когда письмо с ответом не доставлено.",
        };
      }
      if (form.posted_on > today || form.posted_on < answer.answeredOn) {
        return {
          ok: false,
          status: 400,
          message: `Дата отправки почтой — от ${formatRussianDate(answer.answeredOn)} до сегодняшнего дня.`,
        };
      }
      const time = now();
      const recorded = await data.transaction(async (tx) => {
        const post = { on: form.posted_on, address: form.post_address, login };
        if (!(await data.answers.recordByPost(appeal.id, post, tx))) return false;
        await data.audit.record(
          appealEntry(time, login, appeal.id, "answer-by-post", {
            details: `ответ отправлен почтой ${formatRussianDate(form.posted_on)} по адресу: ${form.post_address}`,
          }),
          tx,
        );
        return true;
      });
      return recorded
        ? { ok: true }
        : { ok: false, status: 409, message: "Отправка почтой уже отмечена." };
    },

    /** The answer as the appeal's page shows it, if there is one. */
    async viewOf(appealId: string): Promise<AnswerView | undefined> {
      const answer = await data.answers.ofAppeal(appealId);
      if (!answer) return undefined;
      const [files, mail] = await Promise.all([
        data.attachments.listOf({ kind: "answer", id: answer.id }),
        data.deliveries.statusOf(appealId, "appeal-answer"),
      ]);
      return {
        state: answer.state,
        reviewedBy: answer.reviewedBy,
        reviewComment: answer.reviewComment,
        text: answer.text,
        outgoingNumber: answer.outgoingNumber,
        staffLogin: answer.staffLogin,
        createdAt: answer.createdAt,
        answeredOn: answer.answeredOn,
        files: files.map(({ id, fileName, mediaType, byteSize, sha256 }) => ({
          id,
          fileName,
          mediaType,
          byteSize,
          sha256,
        })),
        mail: mail
          ? {
              to: mail.recipients
                .map((recipient) => ("address" in recipient ? recipient.address : recipient.group))
                .join(", "),
              status: mail.state,
              attempts: mail.attempts,
              sentAt: mail.sentAt,
              bounce: mail.bounce ?? null,
            }
          : null,
        byPost: answer.byPost,
        revision: answer.revision,
      };
    },
  };
}
