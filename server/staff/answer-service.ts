/**
 * The answer to a citizen, sent from the registry: stored with its files and its mail in the one
 * transaction that makes the appeal 'Дан ответ', so an answer staff saw accepted is never without
 * its files or its mail, and a mail never goes out for an answer that was not stored. After the
 * mail failed every try, staff send it again or record that the answer went by post.
 */
import { allowedActions, appealActionLabels } from "../../domain/appeals/appeal-states.ts";
import { formatRussianDate } from "../../domain/calendar/calendar-day.ts";
import type { AppealActionForm } from "../../domain/staff/appeal-action-form.ts";
import type {
  AnswerPreview,
  AnswerView,
  RegistryAppeal,
} from "../../domain/staff/registry-types.ts";
import type { ActionResult } from "../../domain/staff/staff-context.ts";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import { appealEntry } from "../db/audit-repository.ts";
import type { DataLayer } from "../db/data-layer.ts";
import { composeAnswerMail } from "../mail/answer-mail.ts";
import type { UploadedFile } from "./answer-upload.ts";
import { retryFailedDelivery } from "./delivery-retry.ts";

type AnswerForm = Extract<AppealActionForm, { intent: "answer" | "answer-preview" }>;
type ByPostForm = Extract<AppealActionForm, { intent: "answer-by-post" }>;

const changedMeanwhile: ActionResult = {
  ok: false,
  status: 409,
  message: "Обращение изменилось, пока страница была открыта. Обновите её.",
};

export function createAnswerService(deps: {
  data: Pick<
    DataLayer,
    "transaction" | "appeals" | "audit" | "deliveries" | "answers" | "attachments"
  >;
  onDeliveryQueued?: () => void;
  now: () => Date;
}) {
  const { data, now } = deps;

  /** Why this appeal cannot be answered from this form now, if it cannot. */
  function answerRefusal(appeal: RegistryAppeal, form: AnswerForm): ActionResult | undefined {
    if (form.version !== appeal.version) return changedMeanwhile;
    if (!allowedActions(appeal).includes("answer")) {
      return {
        ok: false,
        status: 409,
        message: `Действие «${appealActionLabels.answer}» недоступно в текущем состоянии обращения.`,
      };
    }
    return undefined;
  }

  return {
    /** The mail as the author would get it; nothing is stored or sent. */
    preview(
      appeal: RegistryAppeal,
      form: AnswerForm,
      files: readonly UploadedFile[],
    ): { ok: true; preview: AnswerPreview } | Exclude<ActionResult, { ok: true }> {
      const refusal = answerRefusal(appeal, form);
      if (refusal && !refusal.ok) return refusal;
      const mail = composeAnswerMail(appeal, {
        text: form.answer_text,
        outgoingNumber: form.outgoing_number,
        answeredOn: kirovIsoDate(now()),
        fileNames: files.map((file) => file.fileName),
      });
      return {
        ok: true,
        preview: {
          to: appeal.email,
          subject: mail.subject,
          text: mail.text,
          files: files.map((file) => ({
            fileName: file.fileName,
            mediaType: file.mediaType,
            byteSize: file.content.length,
          })),
        },
      };
    },

    async send(
      login: string,
      appeal: RegistryAppeal,
      form: AnswerForm,
      files: readonly UploadedFile[],
    ): Promise<ActionResult> {
      const refusal = answerRefusal(appeal, form);
      if (refusal) return refusal;
      const time = now();
      const answeredOn = kirovIsoDate(time);
      const sent = await data.transaction(async (tx) => {
        const changed = await data.appeals.change(
          appeal.id,
          { version: appeal.version, state: appeal.state },
          { state: "answered", answered_on: answeredOn },
          tx,
        );
        if (!changed) return false;
        const answerId = await data.answers.insert(
          {
            appealId: appeal.id,
            text: form.answer_text,
            outgoingNumber: form.outgoing_number,
            staffLogin: login,
            createdAt: time,
            answeredOn,
          },
          tx,
        );
        const stored = await data.attachments.insertAll(
          appeal.id,
          { kind: "answer", id: answerId },
          files,
          time,
          tx,
        );
        await data.deliveries.enqueue(
          {
            kind: "appeal-answer",
            appealId: appeal.id,
            recipients: [{ address: appeal.email }],
            payload: { answer: answerId },
            attachments: stored.map((file) => ({ store: "attachments", id: file.id })),
            at: time,
          },
          tx,
        );
        await data.audit.record(
          appealEntry(time, login, appeal.id, "answer", {
            from: appeal.state,
            to: "answered",
            details: [
              `ответ от ${formatRussianDate(answeredOn)} направлен на адрес автора`,
              form.outgoing_number ? `исх. № ${form.outgoing_number}` : "",
              `вложений: ${stored.length}`,
            ]
              .filter(Boolean)
              .join("; "),
          }),
          tx,
        );
        return true;
      });
      if (!sent) return changedMeanwhile;
      deps.onDeliveryQueued?.();
      return { ok: true };
    },

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
      if (!answer || mail?.state !== "failed") {
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
            }
          : null,
        byPost: answer.byPost,
      };
    },
  };
}

export type AnswerService = ReturnType<typeof createAnswerService>;
