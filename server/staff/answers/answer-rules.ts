/**
 * What an answer may be and how it goes out, shared by the answer sent at once and the draft a head
 * approves: why an appeal cannot be answered from a form now, and the answer going out (the
 * appeal answered, the mail to the author with its files queued in the outbox, the audit line) in
 * the caller's transaction.
 */
import { allowedActions, appealActionLabels } from "../../../domain/appeals/appeal-states.ts";
import { formatRussianDate } from "../../../domain/calendar/calendar-day.ts";
import type { AppealActionForm } from "../../../domain/staff/appeal-action-form.ts";
import type { RegistryAppeal } from "../../../domain/staff/registry-types.ts";
import type { ActionResult } from "../../../domain/staff/staff-ports.ts";
import type { AttachmentInfo } from "../../db/attachments-repository.ts";
import { appealEntry } from "../../db/audit-repository.ts";
import type { DataLayer } from "../../db/data-layer.ts";
import type { Transaction } from "../../db/database.ts";
import { AppealChangedMeanwhile, changedMeanwhile } from "../registry/changed-meanwhile.ts";

export type AnswerForm = Extract<AppealActionForm, { intent: "answer" | "answer-preview" }>;
export type ByPostForm = Extract<AppealActionForm, { intent: "answer-by-post" }>;
export type ReviewForm = Extract<AppealActionForm, { intent: "approve-answer" | "return-answer" }>;

/** Why this appeal cannot be answered from this form now, if it cannot. */
export function answerRefusal(appeal: RegistryAppeal, form: AnswerForm): ActionResult | undefined {
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

/**
 * An answer going out, inside the caller's transaction: the appeal answered on `answeredOn`,
 * the mail to the author with the answer's files, the audit line. Throws
 * `AppealChangedMeanwhile` when the appeal changed since the page was shown.
 */
export async function goOut(
  data: Pick<DataLayer, "appeals" | "deliveries" | "audit">,
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
    // The answer's day closes the case: its storage term counts from the year after.
    { state: "answered", answered_on: out.answeredOn, closed_on: out.answeredOn },
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
