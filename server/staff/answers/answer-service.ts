/**
 * The answer to a citizen, sent from the registry: stored with its files and its mail in the one
 * transaction that makes the appeal 'Дан ответ', so an answer staff saw accepted is never without
 * its files or its mail, and a mail never goes out for an answer that was not stored. After the
 * mail failed every try, staff send it again or record that the answer went by post.
 */
import { allowedActions, appealActionLabels } from "../../../domain/appeals/appeal-states.ts";
import type { SubmittedFile } from "../../../domain/attachments/submitted-file.ts";
import { formatRussianDate } from "../../../domain/calendar/calendar-day.ts";
import type { AppealActionForm } from "../../../domain/staff/appeal-action-form.ts";
import type {
  AnswerPreview,
  AnswerView,
  RegistryAppeal,
} from "../../../domain/staff/registry-types.ts";
import type { ActionResult } from "../../../domain/staff/staff-ports.ts";
import { type StaffViewer, waitsForApproval } from "../../../domain/staff/staff-roles.ts";
import { kirovIsoDate } from "../../../domain/time/kirov-time.ts";
import type { AttachmentInfo } from "../../db/attachments-repository.ts";
import { appealEntry } from "../../db/audit-repository.ts";
import type { DataLayer } from "../../db/data-layer.ts";
import type { Transaction } from "../../db/database.ts";
import { composeAnswerMail } from "../../mail/answer-mail.ts";
import {
  AppealChangedMeanwhile,
  changedMeanwhile,
  draftChangedMeanwhile,
  undoneIfChangedMeanwhile,
} from "../registry/changed-meanwhile.ts";
import { retryFailedDelivery } from "../registry/delivery-retry.ts";

type AnswerForm = Extract<AppealActionForm, { intent: "answer" | "answer-preview" }>;
type ByPostForm = Extract<AppealActionForm, { intent: "answer-by-post" }>;
type ReviewForm = Extract<AppealActionForm, { intent: "approve-answer" | "return-answer" }>;

const nothingAwaits: ActionResult = {
  ok: false,
  status: 409,
  message: "Нет ответа, ожидающего согласования.",
};

export function createAnswerService(deps: {
  data: Pick<
    DataLayer,
    "transaction" | "appeals" | "audit" | "deliveries" | "answers" | "attachments"
  >;
  onDeliveryQueued?: () => void;
  /** An executor's answer waits for a head's approval (ANSWER_APPROVAL). */
  approval: boolean;
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

  const inOneTransaction = (work: (tx: Transaction) => Promise<boolean>) =>
    undoneIfChangedMeanwhile(data.transaction, work);

  /**
   * The draft a head's decision is on: the one awaiting approval at the revision the page
   * showed, on the appeal's version it showed; otherwise why not.
   */
  async function draftToDecide(appeal: RegistryAppeal, form: ReviewForm) {
    if (form.version !== appeal.version) return { refusal: changedMeanwhile };
    const existing = await data.answers.ofAppeal(appeal.id);
    if (existing?.state !== "awaiting_approval") return { refusal: nothingAwaits };
    if (existing.revision !== form.draft_revision) return { refusal: draftChangedMeanwhile };
    return { draft: existing };
  }

  /**
   * An answer going out, inside the caller's transaction: the appeal answered on `answeredOn`,
   * the mail to the author with the answer's files, the audit line. Throws
   * `AppealChangedMeanwhile` when the appeal changed since the page was shown.
   */
  async function goOut(
    tx: Transaction,
    appeal: RegistryAppeal,
    out: {
      answerId: string;
      answeredOn: string;
      files: readonly AttachmentInfo[];
      login: string;
      outgoingNumber: string | null;
      time: Date;
      action: "answer" | "approve-answer";
      /** The executor who wrote an approved draft. */
      author?: string;
    },
  ): Promise<boolean> {
    const changed = await data.appeals.change(
      appeal.id,
      { version: appeal.version, state: appeal.state },
      { state: "answered", answered_on: out.answeredOn },
      tx,
    );
    if (!changed) throw new AppealChangedMeanwhile();
    await data.deliveries.enqueue(
      {
        kind: "appeal-answer",
        appealId: appeal.id,
        recipients: [{ address: appeal.email }],
        payload: { answer: out.answerId },
        attachments: out.files.map((file) => ({ store: "attachments", id: file.id })),
        at: out.time,
      },
      tx,
    );
    await data.audit.record(
      appealEntry(out.time, out.login, appeal.id, out.action, {
        from: appeal.state,
        to: "answered",
        details: [
          `ответ от ${formatRussianDate(out.answeredOn)} направлен на адрес автора`,
          out.author ? `подготовил ${out.author}` : "",
          out.outgoingNumber ? `исх. № ${out.outgoingNumber}` : "",
          `вложений: ${out.files.length}`,
        ]
          .filter(Boolean)
          .join("; "),
      }),
      tx,
    );
    return true;
  }

  return {
    /** The mail as the author would get it; nothing is stored or sent. */
    preview(
      appeal: RegistryAppeal,
      form: AnswerForm,
      files: readonly SubmittedFile[],
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

    /**
     * The answer form sent. A head's answer (or anyone's with approval off) goes out at once; an
     * executor's waits for a head's approval. A draft written again replaces the earlier one; its
     * files are kept unless new ones come with it.
     */
    async send(
      viewer: StaffViewer,
      appeal: RegistryAppeal,
      form: AnswerForm,
      files: readonly SubmittedFile[],
    ): Promise<ActionResult> {
      const refusal = answerRefusal(appeal, form);
      if (refusal) return refusal;
      const existing = await data.answers.ofAppeal(appeal.id);
      if (existing?.state === "awaiting_approval") {
        return {
          ok: false,
          status: 409,
          message: "Ответ уже на согласовании: руководитель отправит его или вернёт на доработку.",
        };
      }
      const draft = waitsForApproval(viewer.role, deps.approval);
      const time = now();
      const answeredOn = kirovIsoDate(time);
      const written = {
        text: form.answer_text,
        outgoingNumber: form.outgoing_number,
        staffLogin: viewer.login,
        createdAt: time,
        answeredOn,
        state: draft ? ("awaiting_approval" as const) : ("sent" as const),
      };
      const done = await inOneTransaction(async (tx) => {
        let answerId: string | undefined;
        if (existing) {
          if (!(await data.answers.rewrite(existing.id, written, tx))) return false;
          answerId = existing.id;
        } else {
          answerId = await data.answers.insert({ appealId: appeal.id, ...written }, tx);
          if (!answerId) return false;
        }
        const owner = { kind: "answer" as const, id: answerId };
        if (files.length > 0 || !existing) {
          if (existing) await data.attachments.deleteOf(owner, tx);
          await data.attachments.insertAll(appeal.id, owner, files, time, tx);
        }
        const stored = await data.attachments.listOf(owner, tx);
        if (draft) {
          await data.audit.record(
            appealEntry(time, viewer.login, appeal.id, "answer-drafted", {
              details: `ответ подготовлен и передан на согласование; вложений: ${stored.length}`,
            }),
            tx,
          );
          return true;
        }
        return goOut(tx, appeal, {
          answerId,
          answeredOn,
          files: stored,
          login: viewer.login,
          outgoingNumber: form.outgoing_number,
          time,
          action: "answer",
        });
      });
      if (!done) return changedMeanwhile;
      if (!draft) deps.onDeliveryQueued?.();
      return { ok: true };
    },

    /** A head approves an executor's draft: it goes out as it is, with its files. */
    async approve(
      viewer: StaffViewer,
      appeal: RegistryAppeal,
      form: Extract<ReviewForm, { intent: "approve-answer" }>,
    ): Promise<ActionResult> {
      const { draft: existing, refusal } = await draftToDecide(appeal, form);
      if (!existing) return refusal;
      const notNow = answerRefusal(appeal, {
        intent: "answer",
        version: appeal.version,
        answer_text: "",
        outgoing_number: null,
      });
      if (notNow) return notNow;
      const time = now();
      const answeredOn = kirovIsoDate(time);
      let draftLost = false;
      const done = await inOneTransaction(async (tx) => {
        const reviewed = await data.answers.review(
          existing.id,
          existing.revision,
          { state: "sent", reviewedBy: viewer.login, answeredOn },
          tx,
        );
        // Decided or written again since it was read.
        draftLost = !reviewed;
        if (!reviewed) return false;
        const stored = await data.attachments.listOf({ kind: "answer", id: existing.id }, tx);
        return goOut(tx, appeal, {
          answerId: existing.id,
          answeredOn,
          files: stored,
          login: viewer.login,
          outgoingNumber: existing.outgoingNumber,
          time,
          action: "approve-answer",
          author: existing.staffLogin,
        });
      });
      if (!done) return draftLost ? draftChangedMeanwhile : changedMeanwhile;
      deps.onDeliveryQueued?.();
      return { ok: true };
    },

    /** A head returns an executor's draft with what to change ('На доработку'). */
    async returnDraft(
      viewer: StaffViewer,
      appeal: RegistryAppeal,
      form: Extract<ReviewForm, { intent: "return-answer" }>,
    ): Promise<ActionResult> {
      const { draft: existing, refusal } = await draftToDecide(appeal, form);
      if (!existing) return refusal;
      const time = now();
      const done = await data.transaction(async (tx) => {
        const reviewed = await data.answers.review(
          existing.id,
          existing.revision,
          { state: "returned", reviewedBy: viewer.login, comment: form.review_comment },
          tx,
        );
        if (!reviewed) return false;
        await data.audit.record(
          appealEntry(time, viewer.login, appeal.id, "return-answer", {
            details: `возвращён на доработку: ${form.review_comment}`,
          }),
          tx,
        );
        return true;
      });
      return done ? { ok: true } : draftChangedMeanwhile;
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
            }
          : null,
        byPost: answer.byPost,
        revision: answer.revision,
      };
    },
  };
}

export type AnswerService = ReturnType<typeof createAnswerService>;
