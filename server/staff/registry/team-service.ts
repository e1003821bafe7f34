/**
 * The team's work on an appeal besides its state: who executes it (assigned by a registrar or a
 * head; the executor is mailed the number and the term, never the citizen's words or contacts)
 * and the internal notes staff leave each other. Each change is audited in its own transaction.
 */
import { openAppealStates } from "../../../domain/appeals/appeal-states.ts";
import type { AppealActionForm } from "../../../domain/staff/appeal-action-form.ts";
import type { RegistryAppeal } from "../../../domain/staff/registry-types.ts";
import type { ActionResult } from "../../../domain/staff/staff-ports.ts";
import type { StaffViewer } from "../../../domain/staff/staff-roles.ts";
import { appealEntry } from "../../db/audit-repository.ts";
import type { DataLayer } from "../../db/data-layer.ts";
import { changedMeanwhile } from "./changed-meanwhile.ts";

type AssignForm = Extract<AppealActionForm, { intent: "assign" }>;
type NoteForm = Extract<AppealActionForm, { intent: "note" }>;

export function createTeamService(deps: {
  data: Pick<
    DataLayer,
    "transaction" | "appeals" | "audit" | "deliveries" | "notes" | "staffAccounts"
  >;
  onDeliveryQueued?: () => void;
  now: () => Date;
}) {
  const { data, now } = deps;
  return {
    /** Gives the appeal to an executor (or takes it off, with an empty choice). */
    async assign(
      viewer: StaffViewer,
      appeal: RegistryAppeal,
      form: AssignForm,
    ): Promise<ActionResult> {
      if (form.version !== appeal.version) return changedMeanwhile;
      if (!openAppealStates.includes(appeal.state)) {
        return {
          ok: false,
          status: 409,
          message: "Исполнителя назначают, пока работа с обращением не завершена.",
        };
      }
      const assignee = form.assignee === "" ? null : form.assignee;
      const executor = assignee ? await data.staffAccounts.findUser(assignee) : undefined;
      if (assignee && (executor?.role !== "executor" || executor.disabled_at)) {
        return { ok: false, status: 400, message: "Выберите исполнителя из списка." };
      }
      if (assignee === appeal.assignee) return { ok: true };
      const time = now();
      const mailed = Boolean(executor?.email);
      const assigned = await data.transaction(async (tx) => {
        const changed = await data.appeals.change(
          appeal.id,
          { version: appeal.version, state: appeal.state },
          { assignee },
          tx,
        );
        if (!changed) return false;
        await data.audit.record(
          appealEntry(time, viewer.login, appeal.id, "assign", {
            details: `исполнитель: ${appeal.assignee ?? "не назначен"} → ${assignee ?? "не назначен"}`,
          }),
          tx,
        );
        if (executor?.email) {
          await data.deliveries.enqueue(
            {
              kind: "assignment-notice",
              appealId: appeal.id,
              recipients: [{ address: executor.email }],
              payload: { assignee: executor.login },
              at: time,
            },
            tx,
          );
        }
        return true;
      });
      if (!assigned) return changedMeanwhile;
      if (mailed) deps.onDeliveryQueued?.();
      return { ok: true };
    },

    /** An internal note: staff's words to each other, never the citizen's to read. */
    async addNote(
      viewer: StaffViewer,
      appeal: RegistryAppeal,
      form: NoteForm,
    ): Promise<ActionResult> {
      const time = now();
      await data.transaction(async (tx) => {
        await data.notes.add(
          { appealId: appeal.id, staffLogin: viewer.login, text: form.note_text, at: time },
          tx,
        );
        await data.audit.record(
          appealEntry(time, viewer.login, appeal.id, "note", { details: "внутренняя заметка" }),
          tx,
        );
      });
      return { ok: true };
    },
  };
}
