/**
 * An executor's forward, extension or leaving without an answer, drafted for a head's approval
 * (ANSWER_APPROVAL on; domain/staff/notice-drafts.ts). The draft changes nothing and mails
 * nothing; the head approves it, which applies it exactly as the head's own form would (the same
 * plan, rules and version check: appeal-change.ts) with its notice and audit line, and deletes the
 * draft, all in one transaction; or returns it with what to change, and the executor sends a
 * revised one in its place.
 */
import { noticeLabels } from "../../../content/notice-templates.ts";
import { appealStateLabels } from "../../../domain/appeals/appeal-states.ts";
import { readAppealActionForm } from "../../../domain/staff/appeal-action-form.ts";
import {
  isNoticeDraftIntent,
  type NoticeDraftIntent,
  noticeDraftTitles,
} from "../../../domain/staff/notice-drafts.ts";
import type { NoticeDraftView, RegistryAppeal } from "../../../domain/staff/registry-types.ts";
import type { ActionResult } from "../../../domain/staff/staff-ports.ts";
import type { StaffViewer } from "../../../domain/staff/staff-roles.ts";
import { kirovIsoDate } from "../../../domain/time/kirov-time.ts";
import { appealEntry } from "../../db/audit-repository.ts";
import type { DataLayer } from "../../db/data-layer.ts";
import type { StoredNoticeDraft } from "../../db/notice-drafts-repository.ts";
import {
  type PlannedChange,
  planChange,
  type StateChangeForm,
  writeChange,
} from "../registry/appeal-change.ts";
import {
  AppealChangedMeanwhile,
  changedMeanwhile,
  draftChangedMeanwhile,
  undoneIfChangedMeanwhile,
} from "../registry/changed-meanwhile.ts";

type NoticeForm = Extract<StateChangeForm, { intent: NoticeDraftIntent }>;

/** A planned forward, extension or leaving without an answer: what an executor drafts. */
export type NoticePlan = PlannedChange & { form: NoticeForm };

export function isNoticePlan(planned: PlannedChange): planned is NoticePlan {
  return isNoticeDraftIntent(planned.form.intent);
}
/** The appeal's version and the draft's revision the head's page showed. */
type ReviewForm = { version: number; draft_revision: number };

const nothingAwaits: ActionResult = {
  ok: false,
  status: 409,
  message: "Нет проекта действия, ожидающего согласования.",
};

const alreadyAwaits: ActionResult = {
  ok: false,
  status: 409,
  message:
    "Проект действия уже на согласовании: руководитель утвердит его или вернёт на доработку.",
};

/** The draft's form again, as if sent now from a page showing the appeal's current version. */
function formOf(draft: StoredNoticeDraft, appeal: RegistryAppeal): NoticeForm {
  const read = readAppealActionForm(
    Object.entries({ ...draft.fields, intent: draft.intent, version: String(appeal.version) }),
  );
  // The fields were read with this schema when drafted: a failure here is a broken store.
  if (!read.ok || read.form.intent !== draft.intent) {
    const why = read.ok ? "another intent" : read.message;
    throw new Error(`the notice draft of appeal ${appeal.id} no longer reads: ${why}`);
  }
  return read.form as NoticeForm;
}

/** The form's fields as it sent them, without the intent and the page's version. */
function fieldsOf(form: NoticeForm): Record<string, string> {
  const { intent: _intent, version: _version, ...fields } = form;
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, String(value)]));
}

export function createNoticeDraftService(deps: {
  data: Pick<DataLayer, "transaction" | "appeals" | "audit" | "deliveries" | "noticeDrafts">;
  onDeliveryQueued?: () => void;
  now: () => Date;
}) {
  const { data, now } = deps;

  /**
   * The draft a head's decision is on: the one awaiting approval at the revision the page
   * showed, on the appeal's version it showed; otherwise why not.
   */
  async function draftToDecide(appeal: RegistryAppeal, review: ReviewForm) {
    if (review.version !== appeal.version) return { refusal: changedMeanwhile };
    const draft = await data.noticeDrafts.ofAppeal(appeal.id);
    if (draft?.state !== "awaiting_approval") return { refusal: nothingAwaits };
    if (draft.revision !== review.draft_revision) return { refusal: draftChangedMeanwhile };
    return { draft };
  }

  return {
    /**
     * Stores the executor's form, checked by `planChange` as the head's would be, as a draft
     * awaiting approval (replacing a returned one), with its audit line. Nothing else changes.
     */
    async submit(
      viewer: StaffViewer,
      appeal: RegistryAppeal,
      planned: NoticePlan,
    ): Promise<ActionResult> {
      const time = now();
      const { form } = planned;
      const stored = await data.transaction(async (tx) => {
        const draft = {
          appealId: appeal.id,
          intent: form.intent,
          fields: fieldsOf(form),
          draftedBy: viewer.login,
          draftedAt: time,
        };
        if (!(await data.noticeDrafts.submit(draft, tx))) return false;
        await data.audit.record(
          appealEntry(time, viewer.login, appeal.id, "notice-drafted", {
            details: `${noticeDraftTitles[form.intent]}: ${planned.details}; передано на согласование`,
          }),
          tx,
        );
        return true;
      });
      return stored ? { ok: true } : alreadyAwaits;
    },

    /**
     * A head approves the waiting draft: it is applied as the head's own form would be, its
     * notice written, and the draft removed, in one transaction.
     */
    async approve(
      viewer: StaffViewer,
      appeal: RegistryAppeal,
      review: ReviewForm,
    ): Promise<ActionResult> {
      const { draft, refusal } = await draftToDecide(appeal, review);
      if (!draft) return refusal;
      const time = now();
      const checked = planChange(appeal, formOf(draft, appeal), kirovIsoDate(time));
      if (!checked.ok) return checked;
      const { planned } = checked;
      let draftLost = false;
      const done = await undoneIfChangedMeanwhile(data.transaction, async (tx) => {
        // Decided or drafted again since it was read.
        draftLost = !(await data.noticeDrafts.removeApproved(appeal.id, draft.revision, tx));
        if (draftLost) return false;
        const written = await writeChange(data, tx, appeal, planned, {
          login: viewer.login,
          at: time,
          action: "approve-notice",
          more: `подготовил ${draft.draftedBy}`,
        });
        // The draft is already deleted: undo that too.
        if (!written) throw new AppealChangedMeanwhile();
        return true;
      });
      if (!done) return draftLost ? draftChangedMeanwhile : changedMeanwhile;
      if (planned.notice) deps.onDeliveryQueued?.();
      return { ok: true };
    },

    /** A head returns the waiting draft with what to change ('На доработку'). */
    async returnDraft(
      viewer: StaffViewer,
      appeal: RegistryAppeal,
      review: ReviewForm & { review_comment: string },
    ): Promise<ActionResult> {
      const { draft, refusal } = await draftToDecide(appeal, review);
      if (!draft) return refusal;
      const time = now();
      const returned = await data.transaction(async (tx) => {
        const back = { by: viewer.login, at: time, comment: review.review_comment };
        if (!(await data.noticeDrafts.returnDraft(appeal.id, draft.revision, back, tx))) {
          return false;
        }
        await data.audit.record(
          appealEntry(time, viewer.login, appeal.id, "return-notice", {
            details: `${noticeDraftTitles[draft.intent]}: возвращено на доработку: ${review.review_comment}`,
          }),
          tx,
        );
        return true;
      });
      return returned ? { ok: true } : draftChangedMeanwhile;
    },

    /**
     * The draft as the appeal's page shows it, with what it would do now. None when there is
     * none, or when the appeal moved on and its action is no longer possible (a head answered,
     * forwarded or extended it meanwhile): such a draft can never be approved.
     */
    async viewOf(appeal: RegistryAppeal): Promise<NoticeDraftView | undefined> {
      const draft = await data.noticeDrafts.ofAppeal(appeal.id);
      if (!draft) return undefined;
      const checked = planChange(appeal, formOf(draft, appeal), kirovIsoDate(now()));
      if (!checked.ok && checked.status === 409) return undefined;
      return {
        intent: draft.intent,
        title: noticeDraftTitles[draft.intent],
        state: draft.state,
        fields: draft.fields,
        effect: checked.ok
          ? {
              details: checked.planned.details ?? "",
              state:
                checked.planned.to === appeal.state ? null : appealStateLabels[checked.planned.to],
              notice: checked.planned.notice ? noticeLabels[checked.planned.notice] : null,
            }
          : { details: checked.message, state: null, notice: null },
        draftedBy: draft.draftedBy,
        draftedAt: draft.draftedAt,
        reviewedBy: draft.reviewedBy,
        reviewComment: draft.reviewComment,
        revision: draft.revision,
      };
    },
  };
}
