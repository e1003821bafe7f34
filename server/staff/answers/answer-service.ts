import type { SubmittedFile } from "../../../domain/attachments/submitted-file.ts";
import type { AnswerPreview, RegistryAppeal } from "../../../domain/staff/registry-types.ts";
import type { ActionResult } from "../../../domain/staff/staff-ports.ts";
import { type StaffViewer, waitsForApproval } from "../../../domain/staff/staff-roles.ts";
import { kirovIsoDate } from "../../../domain/time/kirov-time.ts";
import { appealEntry } from "../../db/audit-repository.ts";
import type { DataLayer } from "../../db/data-layer.ts";
import type { Transaction } from "../../db/database.ts";
import { composeAnswerMail } from "../../mail/answer-mail.ts";
import type { MailContacts } from "../../mail/citizen-mail-layout.ts";
import {
  changedMeanwhile,
  draftChangedMeanwhile,
  undoneIfChangedMeanwhile,
} from "../registry/changed-meanwhile.ts";
import { createAnswerDelivery } from "./answer-delivery.ts";
import { type AnswerForm, answerRefusal, goOut, type ReviewForm } from "./answer-rules.ts";

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
  /** The contacts the site shows now: the preview is signed as the mail will be. */
  contacts: () => MailContacts;
}) {
  const { data, now } = deps;

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

  return {
    /** The mail as the author would get it; nothing is stored or sent. */
    preview(
      appeal: RegistryAppeal,
      form: AnswerForm,
      files: readonly SubmittedFile[],
    ): { ok: true; preview: AnswerPreview } | Exclude<ActionResult, { ok: true }> {
      const refusal = answerRefusal(appeal, form);
      if (refusal && !refusal.ok) return refusal;
      const mail = composeAnswerMail(
        appeal,
        {
          text: form.answer_text,
          outgoingNumber: form.outgoing_number,
          answeredOn: kirovIsoDate(now()),
          fileNames: files.map((file) => file.fileName),
        },
        deps.contacts(),
      );
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
        return goOut(data, tx, appeal, {
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
        return goOut(data, tx, appeal, {
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

    ...createAnswerDelivery(deps),
  };
}
