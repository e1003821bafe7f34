/**
 * A publish from this server (issue 40): every page the content changes rendered first, then the
 * store's transaction, then the pages put on the site (site-publisher.ts' publishWith). A page
 * that will not render refuses the publish with nothing committed; each page is rendered once.
 * A head's approval is of the content their page showed: its revision is checked before the
 * render and again in the transaction, so what is published is what was rendered and reviewed.
 */
import type { EditablePage, SiteContent } from "../../domain/site-content/site-editions.ts";
import type { SiteActionResult } from "../../domain/site-content/site-port.ts";
import type { StaffViewer } from "../../domain/staff/staff-roles.ts";
import type { DataLayer } from "../db/data-layer.ts";
import type { SqlExecutor } from "../db/database.ts";
import { announcePublished } from "../db/site-edition-signals.ts";
import type { LinkCheck } from "./link-check.ts";
import {
  changedMeanwhile,
  EditionChangedMeanwhile,
  notRendered,
  revisedMeanwhile,
  unreadableEdition,
} from "./site-edition-outcomes.ts";
import type { SiteNotifications } from "./site-notifications.ts";
import { readableView } from "./site-overview.ts";
import { PageNotRendered, type SitePublisher } from "./site-publisher.ts";

export function createSitePublishing(deps: {
  data: Pick<DataLayer, "transaction" | "siteEditions">;
  publisher: Pick<SitePublisher, "publishWith">;
  /** The editor's mail of their edition published, in the publish's transaction (issue 43). */
  notifications: Pick<SiteNotifications, "published">;
  audit: (tx: SqlExecutor, viewer: StaffViewer, action: string, details: string) => Promise<void>;
  /** The page shows an edition published here: nothing of it is unshown any more. */
  shownAnew: (page: EditablePage) => void;
  renderFailed: ((page: EditablePage, error: unknown) => void) | undefined;
  /** The site's own links checked again at approval (link-check.ts, issue 43). */
  links?: Pick<LinkCheck, "check">;
}) {
  const { data, publisher, audit } = deps;

  /**
   * A publish from this server (site-publisher.ts' publishWith): every page the content changes
   * rendered first, then `commit` (one transaction: the edition's id, or undefined when it did
   * not commit), then the pages put on the site. A page that will not render refuses the publish
   * with nothing committed (issue 40); an edition changed meanwhile, as before.
   */
  async function publishing<page extends EditablePage>(
    page: page,
    content: SiteContent[page],
    at: Date,
    commit: (tx: SqlExecutor) => Promise<number | undefined>,
  ): Promise<SiteActionResult | undefined> {
    try {
      const id = await publisher.publishWith({ page, content, publishedAt: at.toISOString() }, () =>
        data.transaction(commit),
      );
      if (id === undefined) return undefined;
      deps.shownAnew(page);
      return { ok: true, outcome: "published" };
    } catch (error) {
      if (error instanceof EditionChangedMeanwhile) return changedMeanwhile;
      if (!(error instanceof PageNotRendered)) throw error;
      deps.renderFailed?.(page, error.reason);
      return notRendered;
    }
  }

  /**
   * A head's approval: of the content their page showed (its revision), rendered before the
   * transaction checks that revision again and publishes it (issue 40).
   */
  async function approve<page extends EditablePage>(
    viewer: StaffViewer,
    page: page,
    action: { editionId: number; revision: string },
    at: Date,
  ): Promise<SiteActionResult> {
    const repository = data.siteEditions;
    const seen = await repository.find(action.editionId);
    if (!seen || seen.page !== page || seen.state !== "awaiting_approval") return changedMeanwhile;
    const view = await readableView(page, seen);
    if (!view) return unreadableEdition;
    if (view.revision !== action.revision) return revisedMeanwhile;
    // The approval is a publish: a link that broke since the edition was handed over (its
    // announcement taken off meanwhile) stops it as it would have stopped the submission.
    const broken = await deps.links?.check(page, view.content);
    if (broken) return { ok: false, status: 409, message: broken.message };
    let revised = false;
    const published = await publishing(page, view.content, at, async (tx) => {
      const edition = await repository.find(action.editionId, tx);
      if (!edition || edition.page !== page || edition.state !== "awaiting_approval") {
        return undefined;
      }
      if (edition.revision !== action.revision) {
        revised = true;
        return undefined;
      }
      const from = { id: edition.id, page, from: "awaiting_approval" } as const;
      // Another head approved it in the same moment (PostgreSQL): undo, say so.
      if (!(await repository.publish(from, viewer.login, at, tx))) {
        throw new EditionChangedMeanwhile();
      }
      await announcePublished(page, tx);
      await audit(tx, viewer, "site-approved", `${page} #${edition.id}`);
      await deps.notifications.published({ ...edition, page }, viewer.login, "approved", at, tx);
      return edition.id;
    });
    return published ?? (revised ? revisedMeanwhile : changedMeanwhile);
  }

  return { publishing, approve };
}
