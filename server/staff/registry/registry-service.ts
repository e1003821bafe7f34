/**
 * The registry's operations for one signed-in staff member: the list, one appeal with its audit
 * and notification, and state changes checked against the rules in domain/appeals/appeal-states.ts.
 */

import { shownContacts } from "../../../content/contacts.ts";
import { type AppealTopic, topicLabel } from "../../../domain/appeals/appeal-topics.ts";
import type { ArchiveRules } from "../../../domain/archive/storage-terms.ts";
import type { SubmittedFile } from "../../../domain/attachments/submitted-file.ts";
import type { AppealActionForm } from "../../../domain/staff/appeal-action-form.ts";
import type { RegistryQuery, ScopedRegistryQuery } from "../../../domain/staff/registry-query.ts";
import type { RegistryPage } from "../../../domain/staff/registry-types.ts";
import type { ActionResult } from "../../../domain/staff/staff-ports.ts";
import {
  can,
  intentCapabilities,
  maySeeAppeal,
  roleRefusal,
  type StaffViewer,
  waitsForApproval,
} from "../../../domain/staff/staff-roles.ts";
import { uuidPattern } from "../../../domain/text/patterns.ts";
import { kirovIsoDate } from "../../../domain/time/kirov-time.ts";
import { appealEntry } from "../../db/audit-repository.ts";
import type { DataLayer } from "../../db/data-layer.ts";
import type { MailContacts } from "../../mail/citizen-mail-layout.ts";
import { createAnswerService } from "../answers/answer-service.ts";
import { storageOf } from "../archive/storage-view.ts";
import { createNoticeDraftService, isNoticePlan } from "../notices/notice-draft-service.ts";
import { planChange, writeChange } from "./appeal-change.ts";
import { authorMailsOf, notificationOf } from "./appeal-mail-views.ts";
import { changedMeanwhile } from "./changed-meanwhile.ts";
import { retryFailedDelivery } from "./delivery-retry.ts";
import { createTeamService } from "./team-service.ts";

export const registryPageSize = 50;

/** The list's query as the viewer may run it; undefined: nothing to list (an administrator). */
function scopeOf(viewer: StaffViewer, query: RegistryQuery): ScopedRegistryQuery | undefined {
  if (can(viewer.role, "see-all-appeals")) return query;
  if (viewer.role === "executor") return { ...query, assignee: viewer.login };
  return undefined;
}

/** Whether text can be an appeal id (PostgreSQL refuses a malformed uuid with an error). */
function isAppealId(text: string): boolean {
  return uuidPattern.test(text);
}

function refused(status: number, message: string): Exclude<ActionResult, { ok: true }> {
  return { ok: false, status, message };
}

export function createRegistryService(deps: {
  data: Pick<
    DataLayer,
    | "transaction"
    | "appeals"
    | "audit"
    | "deliveries"
    | "answers"
    | "attachments"
    | "notes"
    | "staffAccounts"
    | "appealTopics"
    | "noticeDrafts"
    | "deliveryHolds"
    | "archive"
  >;
  /** Told when a delivery was put back in the queue, so it leaves at once. */
  onDeliveryQueued?: () => void;
  /**
   * An executor's answer and notices wait for a head's approval (ANSWER_APPROVAL, default on).
   */
  answerApproval?: boolean;
  now?: () => Date;
  /** Storage terms and case indexes (ARCHIVE_*, issue 45); absent: defaultArchiveRules. */
  archiveRules?: ArchiveRules | undefined;
  /** The contacts shown now, signing an answer's preview; absent: the build's (43). */
  mailContacts?: () => MailContacts;
}) {
  const { data } = deps;
  const now = deps.now ?? (() => new Date());
  const approval = deps.answerApproval ?? true;
  const answers = createAnswerService({
    data,
    onDeliveryQueued: deps.onDeliveryQueued,
    approval,
    now,
    contacts: deps.mailContacts ?? (() => shownContacts(undefined)),
  });
  const team = createTeamService({ data, onDeliveryQueued: deps.onDeliveryQueued, now });
  const noticeDrafts = createNoticeDraftService({
    data,
    onDeliveryQueued: deps.onDeliveryQueued,
    now,
  });

  /** The appeal if the viewer may see it; undefined otherwise, as for one that does not exist. */
  async function visibleAppeal(viewer: StaffViewer, id: string) {
    if (!isAppealId(id)) return undefined;
    const appeal = await data.appeals.findInRegistry(id);
    return appeal && maySeeAppeal(viewer, appeal) ? appeal : undefined;
  }

  return {
    today: () => kirovIsoDate(now()),

    /**
     * The list scoped to the viewer: everyone's for registrars and heads, an executor's own, none
     * for an administrator (accounts only).
     */
    async listAppeals(viewer: StaffViewer, query: RegistryQuery): Promise<RegistryPage> {
      const scoped = scopeOf(viewer, query);
      if (!scoped) return { rows: [], nextAfter: undefined };
      return data.appeals.registryPage(scoped, kirovIsoDate(now()), registryPageSize);
    },

    /** Mails held since a restore, for those told of them (decision 0022); 0 for the others. */
    async heldMail(viewer: StaffViewer): Promise<number> {
      if (!can(viewer.role, "held-mail")) return 0;
      return (await data.deliveryHolds.waitingCounts()).count;
    },

    /** The CSV's rows: the same scope as the list. */
    exportQuery: scopeOf,

    async getAppeal(viewer: StaffViewer, id: string) {
      const appeal = await visibleAppeal(viewer, id);
      if (!appeal) return undefined;
      const [
        audit,
        notification,
        authorMails,
        answer,
        noticeDraft,
        notes,
        executors,
        files,
        storage,
      ] = await Promise.all([
        data.audit.of(id),
        notificationOf(data.deliveries, id),
        authorMailsOf(data.deliveries, id),
        answers.viewOf(id),
        noticeDrafts.viewOf(appeal),
        data.notes.of(id),
        can(viewer.role, "assign") ? data.staffAccounts.activeWithRole("executor") : [],
        data.attachments.listOf({ kind: "appeal", id }),
        storageOf(data.archive, appeal, deps.archiveRules),
      ]);
      return {
        appeal,
        audit,
        notification,
        authorMails,
        answer,
        files,
        noticeDraft,
        notes,
        executors: executors.map((executor) => executor.login),
        waitsForApproval: waitsForApproval(viewer.role, approval),
        storage,
      };
    },

    /** The answer's mail as the author would get it, with the files just uploaded; no change. */
    async previewAnswer(
      viewer: StaffViewer,
      id: string,
      form: AppealActionForm,
      files: readonly SubmittedFile[],
    ) {
      if (form.intent !== "answer-preview" && form.intent !== "answer") {
        return refused(400, "Неизвестное действие");
      }
      const appeal = await visibleAppeal(viewer, id);
      if (!appeal) return refused(404, "Обращение не найдено.");
      if (!can(viewer.role, "answer")) return refused(403, roleRefusal);
      return answers.preview(appeal, form, files);
    },

    /** A file kept with an appeal the viewer may see, with its bytes. */
    async attachment(viewer: StaffViewer, appealId: string, fileId: string) {
      if (!isAppealId(fileId) || !(await visibleAppeal(viewer, appealId))) return undefined;
      return data.attachments.read(appealId, fileId);
    },

    async changeAppeal(
      viewer: StaffViewer,
      id: string,
      form: AppealActionForm,
      files: readonly SubmittedFile[] = [],
    ): Promise<ActionResult> {
      const appeal = await visibleAppeal(viewer, id);
      if (!appeal) return refused(404, "Обращение не найдено.");
      if (!can(viewer.role, intentCapabilities[form.intent])) return refused(403, roleRefusal);
      const login = viewer.login;
      const time = now();

      switch (form.intent) {
        case "answer":
          return answers.send(viewer, appeal, form, files);
        case "answer-preview":
          return refused(
            400,
            "Предпросмотр ничего не меняет: отправьте ответ кнопкой «Отправить ответ».",
          );
        case "retry-answer":
          return answers.retry(login, id);
        case "answer-by-post":
          return answers.recordByPost(login, appeal, form);
        case "approve-answer":
          return answers.approve(viewer, appeal, form);
        case "return-answer":
          return answers.returnDraft(viewer, appeal, form);
        case "approve-notice":
          return noticeDrafts.approve(viewer, appeal, form);
        case "return-notice":
          return noticeDrafts.returnDraft(viewer, appeal, form);
        case "assign":
          return team.assign(viewer, appeal, form);
        case "note":
          return team.addNote(viewer, appeal, form);
      }

      if (form.intent === "retry-notification") {
        return retryFailedDelivery(deps, {
          login,
          appealId: id,
          kind: "appeal-notification",
          at: time,
          action: "retry-notification",
          details: "уведомление поставлено в очередь повторно",
          nothingToRetry: "Повторять нечего: уведомление не в состоянии ошибки.",
        });
      }

      const checked = planChange(appeal, form, kirovIsoDate(time));
      if (!checked.ok) return checked;
      const { planned } = checked;
      // A notice the viewer may not send alone waits for a head as a draft.
      if (isNoticePlan(planned) && waitsForApproval(viewer.role, approval)) {
        return noticeDrafts.submit(viewer, appeal, planned);
      }
      // The change, its audit line and the notice it calls for are one transaction: a change is
      // never left unrecorded, nor its notice unwritten.
      const applied = await data.transaction((tx) =>
        writeChange(data, tx, appeal, planned, { login, at: time }),
      );
      if (!applied) return changedMeanwhile;
      if (planned.notice) deps.onDeliveryQueued?.();
      return { ok: true };
    },

    /** The appeal's topic (issue 19), in any state, with its audit line in one transaction. */
    async setTopic(viewer: StaffViewer, id: string, topic: AppealTopic): Promise<ActionResult> {
      const appeal = await visibleAppeal(viewer, id);
      if (!appeal) return refused(404, "Обращение не найдено.");
      if (!can(viewer.role, "set-topic")) return refused(403, roleRefusal);
      const login = viewer.login;
      if (appeal.topic === topic) return { ok: true };
      const time = now();
      const set = await data.transaction(async (tx) => {
        if (!(await data.appealTopics.setTopic(id, topic, tx))) return false;
        const details = appeal.topic
          ? `тема: ${topicLabel(appeal.topic)} → ${topicLabel(topic)}`
          : `тема: ${topicLabel(topic)}`;
        await data.audit.record(appealEntry(time, login, id, "set-topic", { details }), tx);
        return true;
      });
      return set ? { ok: true } : refused(404, "Обращение не найдено.");
    },
  };
}

export type RegistryService = ReturnType<typeof createRegistryService>;
