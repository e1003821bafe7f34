/**
 * The staff's work on the public site's content (issue 28): drafts, submission for approval,
 * approval or return with a comment, publishing, and an earlier edition published again. Each
 * change is one transaction with its audit line and, for a publish, the notice every server hears
 * (server/db/site-edition-signals.ts); the page is re-rendered and swapped in once the change has
 * committed (site-publisher.ts). The role is checked here again: the pages only show what it may.
 */
import {
  type EditablePage,
  editablePages,
  returnCommentMaxLength,
  type SiteAction,
  type SiteContent,
} from "../../domain/site-content/site-editions.ts";
import type { PublishedPlaceholder } from "../../domain/site-content/site-placeholders.ts";
import type { SiteActionResult, SitePort } from "../../domain/site-content/site-port.ts";
import { can, publishesSiteDirectly, type StaffViewer } from "../../domain/staff/staff-roles.ts";
import { eventEntry } from "../db/audit-repository.ts";
import type { DataLayer } from "../db/data-layer.ts";
import type { SqlExecutor } from "../db/database.ts";
import { announcePublished } from "../db/site-edition-signals.ts";
import type { LinkCheck } from "./link-check.ts";
import { servedPaths, unservedBestAnswer } from "./served-pages-check.ts";
import {
  changedMeanwhile,
  EditionChangedMeanwhile,
  notFound,
  notRendered,
  unlessChangedMeanwhile,
  unreadableEdition,
} from "./site-edition-outcomes.ts";
import type { SiteFileService } from "./site-file-service.ts";
import { createSiteNotifications } from "./site-notifications.ts";
import { contentJson, contentWorkedOn, createSiteOverview, readableView } from "./site-overview.ts";
import type { SitePublisher } from "./site-publisher.ts";
import { createSitePublishing } from "./site-publishing.ts";
import { createSiteSchedule } from "./site-schedule.ts";
import { createSiteShowing, type UnshownPage } from "./site-showing.ts";
import { createStoredFileFacts, enteredContent } from "./stored-file-facts.ts";

export type SiteEditionService = SitePort & {
  /** Shows every page's published edition (at start, and when the store's notices resume). */
  showAllPublished(): Promise<void>;
  /** Shows `page`'s published edition, if it is not shown yet (a notice from another server). */
  showPublished(page: string): Promise<void>;
  /** Publishes the scheduled editions whose moment has come (decision 0039). */
  publishDue(): Promise<void>;
  /** Pages whose published edition could not be shown: an earlier one is shown (issue 40). */
  unshown(): UnshownPage[];
};

export function createSiteEditionService(deps: {
  data: Pick<
    DataLayer,
    "transaction" | "siteEditions" | "audit" | "attachments" | "siteNotices" | "deliveries"
  >;
  /** CONTENT_APPROVAL: an editor's change waits for a head. */
  approval: boolean;
  publisher: SitePublisher;
  /** The files uploaded with the pages' forms (decision 0036). */
  files: Pick<SiteFileService, "keep" | "describe">;
  /** The site's own links in what enters checked against the site (link-check.ts, issue 43). */
  links?: Pick<LinkCheck, "check">;
  /** The build's content of each page: shown until an edition is published (decision 0029). */
  defaults: SiteContent;
  /** An edition was scheduled on this server: its moment is looked at again (decision 0039). */
  scheduled?: () => void;
  /** The placeholder values published now (placeholder-watch.ts). */
  placeholders: () => PublishedPlaceholder[];
  /** A page would not render from some content (the reason is for the operators' log). */
  renderFailed?: (page: EditablePage, error: unknown) => void;
  now?: () => Date;
}): SiteEditionService {
  const { data, publisher } = deps;
  const now = deps.now ?? (() => new Date());
  const overview = createSiteOverview(deps);
  const fileFacts = createStoredFileFacts({ data, describe: deps.files.describe });
  /** Content posted by a form, checked; a best answer to a page the site lacks refused (42). */
  const entered = async <page extends EditablePage>(page: page, posted: SiteContent[page]) => {
    const entry = await enteredContent(fileFacts, page, posted);
    if (!entry.ok) return entry;
    const news = publisher.shownContent().news ?? deps.defaults.news;
    // A link to what the site lacks, or an edition taking off what others link to (issue 43).
    const unserved = unservedBestAnswer(page, entry.content, servedPaths(news));
    return unserved ?? (await deps.links?.check(page, entry.content)) ?? entry;
  };

  const audit = (tx: SqlExecutor, viewer: StaffViewer, action: string, details: string) =>
    data.audit.record(eventEntry(now(), viewer.login, action, details), tx);

  const { show, unrenderable, unshown, shownAnew } = createSiteShowing({
    data,
    publisher,
    renderFailed: deps.renderFailed,
  });

  // The mails of submissions, returns and publishes, in their transactions (issue 43).
  const notifications = createSiteNotifications(data);

  const { publishing, approve } = createSitePublishing({
    data,
    notifications,
    publisher,
    audit,
    shownAnew,
    renderFailed: deps.renderFailed,
    links: deps.links,
  });

  const schedule = createSiteSchedule({
    data,
    now,
    show,
    scheduled: () => deps.scheduled?.(),
    unrenderable,
  });

  /** The content saved as the draft and handed to a head, in one transaction with its audit line. */
  const submit = <page extends EditablePage>(
    viewer: StaffViewer,
    page: page,
    entry: { content: SiteContent[page]; json: string },
    at: Date,
    from: string,
  ) =>
    data.transaction(async (tx) => {
      await schedule.editing(page, viewer.login, at, tx);
      const id = await data.siteEditions.saveDraft({ page, ...entry, by: viewer.login, at }, tx);
      await data.siteEditions.submit(id, viewer.login, at, tx);
      await audit(tx, viewer, "site-submitted", `${page} #${id}${from}`);
      await notifications.awaiting({ id, page }, viewer.login, at, tx);
    });

  async function act<page extends EditablePage>(
    viewer: StaffViewer,
    page: page,
    action: SiteAction<page>,
  ): Promise<SiteActionResult> {
    if (!can(viewer.role, "edit-site")) return notFound;
    const direct = publishesSiteDirectly(viewer.role, deps.approval);
    const at = now();
    const label = `${page}`;
    const repository = data.siteEditions;
    switch (action.kind) {
      case "save": {
        const entry = await entered(page, action.content);
        if (!entry.ok) return entry;
        const { content, json } = entry;
        await data.transaction(async (tx) => {
          await schedule.editing(page, viewer.login, at, tx);
          const id = await repository.saveDraft({ page, content, json, by: viewer.login, at }, tx);
          await audit(tx, viewer, "site-draft-saved", `${label} #${id}`);
        });
        return { ok: true, outcome: "saved" };
      }
      case "publish": {
        const entry = await entered(page, action.content);
        if (!entry.ok) return entry;
        const { content, json } = entry;
        if (direct) {
          const published = await publishing(page, content, at, async (tx) => {
            await schedule.editing(page, viewer.login, at, tx);
            const id = await repository.saveAndPublish(
              { page, content, json, by: viewer.login, at },
              tx,
            );
            await announcePublished(page, tx);
            await audit(tx, viewer, "site-published", `${label} #${id}`);
            return id;
          });
          return published ?? changedMeanwhile;
        }
        await submit(viewer, page, entry, at, "");
        return { ok: true, outcome: "submitted" };
      }
      case "approve":
      case "return": {
        if (!can(viewer.role, "approve-site")) {
          return { ok: false, status: 403, message: "Согласует руководитель." };
        }
        if (action.kind === "return" && action.comment.trim() === "") {
          return { ok: false, status: 400, message: "Напишите, что доработать." };
        }
        if (action.kind === "approve") return approve(viewer, page, action, at);
        const returned = await unlessChangedMeanwhile(
          data.transaction(async (tx) => {
            const edition = await repository.find(action.editionId, tx);
            if (!edition || edition.page !== page || edition.state !== "awaiting_approval")
              return false;
            const review = {
              by: viewer.login,
              at,
              comment: action.comment.trim().slice(0, returnCommentMaxLength),
            };
            if (!(await repository.returnToDraft(edition.id, review, tx))) {
              throw new EditionChangedMeanwhile();
            }
            await audit(tx, viewer, "site-returned", `${label} #${edition.id}`);
            await notifications.returned(
              { ...edition, page },
              viewer.login,
              review.comment,
              at,
              tx,
            );
            return true;
          }),
        );
        return returned ? { ok: true, outcome: "returned" } : changedMeanwhile;
      }
      case "schedule": {
        const entry = await entered(page, action.content);
        if (!entry.ok) return entry;
        const refusal = direct ? await unrenderable(page, entry.content) : undefined;
        if (refusal) return refusal;
        return schedule.schedule(viewer, page, entry, action.publishAt, direct);
      }
      case "approve-on-schedule":
        return schedule.approve(viewer, page, action);
      case "cancel-schedule":
        return schedule.cancel(viewer, page, action.editionId, direct);
      case "restore": {
        // Edition 0 is the build's content: what the page showed before its first publish.
        const earlier =
          action.editionId === 0 ? undefined : await repository.find(action.editionId);
        if (
          earlier &&
          (earlier.page !== page ||
            (earlier.state !== "published" && earlier.state !== "superseded"))
        ) {
          return notFound;
        }
        if (action.editionId !== 0 && !earlier) return notFound;
        const view = earlier ? await readableView(page, earlier) : undefined;
        if (earlier && !view) return unreadableEdition;
        const content = view?.content ?? deps.defaults[page];
        const json = await contentJson(page, content);
        const from = earlier ? `#${earlier.id}` : "исходной версии сайта";
        const broken = await deps.links?.check(page, content); // against today's site (43)
        if (broken) return { ok: false, status: 409, message: broken.message };
        if (direct) {
          const published = await publishing(page, content, at, async (tx) => {
            const id = await repository.republish(
              { id: earlier?.id ?? null, page, content, json },
              viewer.login,
              at,
              tx,
            );
            await announcePublished(page, tx);
            await audit(tx, viewer, "site-restored", `${label} #${id} из ${from}`);
            return id;
          });
          return published ?? notFound;
        }
        await submit(viewer, page, { content, json }, at, ` из ${from}`);
        return { ok: true, outcome: "submitted" };
      }
    }
  }

  return {
    ...overview,

    act,

    upload: (viewer, files) => deps.files.keep(viewer, files),

    placeholders: async (viewer) => (can(viewer.role, "edit-site") ? deps.placeholders() : []),

    async preview(viewer, page, own) {
      if (!can(viewer.role, "edit-site")) throw new Error("preview outside the role");
      try {
        const content = await contentWorkedOn(data, deps.defaults, page);
        return { ok: true, html: await publisher.preview(page, content, own) };
      } catch (error) {
        deps.renderFailed?.(page, error);
        return { ok: false, message: notRendered.message };
      }
    },

    unshown,

    async showAllPublished() {
      // Each page on its own: one page that cannot be shown does not keep the others old.
      const failures: unknown[] = [];
      for (const page of Object.keys(editablePages) as EditablePage[]) {
        await show(page).catch((error: unknown) => failures.push(error));
      }
      if (failures.length > 0) throw failures[0];
    },

    publishDue: () => schedule.publishDue(),

    async showPublished(page) {
      if (Object.hasOwn(editablePages, page)) await show(page as EditablePage);
    },
  };
}
