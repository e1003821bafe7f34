/**
 * Scheduled publishing (issue 28, decision 0039). Whoever publishes directly may set a moment
 * for the edition instead of publishing it now; a head may approve an edition awaiting approval
 * for a moment; a scheduled edition can be taken back to a draft. When its moment comes, the
 * edition is published through the same path as a manual publish (the state change with the
 * audit line and the notice to every server in one transaction, then the page re-rendered and
 * swapped), its publisher the person who scheduled it. The state change is guarded by the state
 * (`scheduled` → `published`): with several servers checking the same moment, exactly one
 * transaction commits it; the others find it no longer scheduled and undo theirs.
 */
import { scheduleMessages } from "../../domain/site-content/publish-schedule.ts";
import {
  type EditablePage,
  isEditablePage,
  type SiteContent,
} from "../../domain/site-content/site-editions.ts";
import type { SiteActionResult } from "../../domain/site-content/site-port.ts";
import { can, type StaffViewer } from "../../domain/staff/staff-roles.ts";
import { formatKirovDateTime } from "../../domain/time/kirov-time.ts";
import { eventEntry } from "../db/audit-repository.ts";
import type { DataLayer } from "../db/data-layer.ts";
import type { SqlExecutor } from "../db/database.ts";
import { announcePublished, announceScheduled } from "../db/site-edition-signals.ts";
import {
  changedMeanwhile,
  EditionChangedMeanwhile,
  notFound,
  revisedMeanwhile,
  unlessChangedMeanwhile,
  unreadableEdition,
} from "./site-edition-outcomes.ts";
import { createSiteNotifications } from "./site-notifications.ts";
import { readableView } from "./site-overview.ts";

const past = { ok: false, status: 400, message: scheduleMessages.past } as const;
const cancelledByHead = "Отменить публикацию по расписанию может руководитель.";

/** The moment as the audit line says it: '01.12.2026, 09:00 (время кировское)'. */
const inKirov = (moment: Date | string) =>
  `${formatKirovDateTime(new Date(moment))} (время кировское)`;

export function createSiteSchedule(deps: {
  data: Pick<DataLayer, "transaction" | "siteEditions" | "audit" | "siteNotices" | "deliveries">;
  now: () => Date;
  /** Shows the page's published edition on this server (the service's own). */
  show: (page: EditablePage) => Promise<void>;
  /** A moment was set here: the checks look at the earliest one again. */
  scheduled: () => void;
  /** A refusal when the page would not render from this content (a trial render). */
  unrenderable: <page extends EditablePage>(
    page: page,
    content: SiteContent[page],
  ) => Promise<SiteActionResult | undefined>;
}) {
  const { data, now } = deps;
  const repository = data.siteEditions;
  const notifications = createSiteNotifications(data);
  const audit = (tx: SqlExecutor, login: string, at: Date, action: string, details: string) =>
    data.audit.record(eventEntry(at, login, action, details), tx);

  /**
   * Before an edit rewrites the edition worked on (back to a draft): a scheduled one's moment is
   * dropped with it, and the audit says so.
   */
  async function editing(page: string, login: string, at: Date, tx: SqlExecutor) {
    const edition = await repository.workedOn(page, tx);
    if (edition?.state !== "scheduled") return;
    const details = `${page} #${edition.id}, было на ${inKirov(edition.publishAt ?? at)}; изменена`;
    await audit(tx, login, at, "site-schedule-cancelled", details);
  }

  return {
    editing,

    /** The content saved as the draft and scheduled, for whoever publishes directly. */
    async schedule<page extends EditablePage>(
      viewer: StaffViewer,
      page: page,
      entry: { content: SiteContent[page]; json: string },
      publishAt: Date,
      direct: boolean,
    ): Promise<SiteActionResult> {
      if (!direct) {
        return { ok: false, status: 403, message: "По расписанию публикует руководитель." };
      }
      const at = now();
      if (publishAt.getTime() <= at.getTime()) return past;
      await data.transaction(async (tx) => {
        await editing(page, viewer.login, at, tx);
        const id = await repository.saveDraft({ page, ...entry, by: viewer.login, at }, tx);
        await repository.schedule({ id, from: "draft", publishAt }, viewer.login, at, tx);
        await announceScheduled(page, tx);
        await audit(
          tx,
          viewer.login,
          at,
          "site-scheduled",
          `${page} #${id} на ${inKirov(publishAt)}`,
        );
      });
      deps.scheduled();
      return { ok: true, outcome: "scheduled" };
    },

    /** A head approves an edition awaiting approval to go live at a moment. */
    async approve(
      viewer: StaffViewer,
      page: EditablePage,
      { editionId, revision, publishAt }: { editionId: number; revision: string; publishAt: Date },
    ): Promise<SiteActionResult> {
      if (!can(viewer.role, "approve-site")) {
        return { ok: false, status: 403, message: "Согласует руководитель." };
      }
      const at = now();
      if (publishAt.getTime() <= at.getTime()) return past;
      // Rendered before anything commits, from the content the head saw (see the service).
      const seen = await repository.find(editionId);
      if (seen?.page === page) {
        const view = await readableView(page, seen);
        if (!view) return unreadableEdition;
        if (view.revision === revision) {
          const refusal = await deps.unrenderable(page, view.content);
          if (refusal) return refusal;
        }
      }
      const done = await data.transaction(async (tx) => {
        const edition = await repository.find(editionId, tx);
        if (!edition || edition.page !== page) return false;
        // Not what the head's page showed: the editor changed it since (issue 40).
        if (edition.state === "awaiting_approval" && edition.revision !== revision)
          return "revised";
        const from = { id: editionId, from: "awaiting_approval", publishAt } as const;
        if (!(await repository.schedule(from, viewer.login, at, tx))) return false;
        await announceScheduled(page, tx);
        const details = `${page} #${editionId} на ${inKirov(publishAt)}`;
        await audit(tx, viewer.login, at, "site-approved-on-schedule", details);
        return true;
      });
      if (done === "revised") return revisedMeanwhile;
      if (!done) return changedMeanwhile;
      deps.scheduled();
      return { ok: true, outcome: "scheduled" };
    },

    /** A scheduled edition back to a draft: nothing is published at its moment. */
    async cancel(
      viewer: StaffViewer,
      page: EditablePage,
      editionId: number,
      direct: boolean,
    ): Promise<SiteActionResult> {
      // Taking a moment back is a publishing decision: with approval on, a head's (issue 40).
      if (!direct) return { ok: false, status: 403, message: cancelledByHead };
      const at = now();
      const done = await data.transaction(async (tx) => {
        const edition = await repository.find(editionId, tx);
        if (!edition || edition.page !== page) return undefined;
        if (!(await repository.unschedule(editionId, viewer.login, at, tx))) return false;
        const details = `${page} #${editionId}, было на ${inKirov(edition.publishAt ?? at)}`;
        await audit(tx, viewer.login, at, "site-schedule-cancelled", details);
        return true;
      });
      if (done === undefined) return notFound;
      return done ? { ok: true, outcome: "unscheduled" } : changedMeanwhile;
    },

    /**
     * Publishes every scheduled edition whose moment has come, each in its own transaction;
     * one another server published first is left to it.
     */
    async publishDue(): Promise<void> {
      const at = now();
      const failures: unknown[] = [];
      for (const edition of await repository.due(at)) {
        const page = edition.page;
        if (!isEditablePage(page)) continue;
        const by = edition.scheduledBy ?? edition.changedBy;
        const published = await unlessChangedMeanwhile(
          data.transaction(async (tx) => {
            const from = { id: edition.id, page, from: "scheduled" } as const;
            // Another server published it first (or it was cancelled): undo the supersede.
            if (!(await repository.publish(from, by, at, tx))) throw new EditionChangedMeanwhile();
            await announcePublished(page, tx);
            const details = `${page} #${edition.id}, назначено на ${inKirov(edition.publishAt ?? at)}`;
            await audit(tx, by, at, "site-published-on-schedule", details);
            // The editor whose edition a head approved for this moment is told (issue 43).
            await notifications.published({ ...edition, page }, by, "scheduled", at, tx);
            return true;
          }),
        );
        // Committed: one page that cannot be shown does not keep the others unpublished.
        if (published) await deps.show(page).catch((error: unknown) => failures.push(error));
      }
      if (failures.length > 0) throw failures[0];
    },
  };
}
