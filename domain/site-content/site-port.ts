/**
 * The staff port of the site's content (domain/pages/page-context.ts carries it): what the staff
 * pages ask of the server about the editable pages (site-editions.ts) and what it answers: the
 * list of pages, a page's editor, the outcome of an action, a preview, an upload.
 */
import type { SubmittedFile } from "../attachments/submitted-file.ts";
import type { StaffViewer } from "../staff/staff-roles.ts";
import type { AnnouncementSummary } from "./announcement-states.ts";
import type {
  EditablePage,
  EditionState,
  EditionView,
  SiteAction,
  SiteContent,
} from "./site-editions.ts";
import type { UploadedSiteFile } from "./site-files.ts";
import type { PublishedPlaceholder } from "./site-placeholders.ts";

/** A page on the list at /staff/site: its state and who changed it last. */
type SitePageSummary = {
  page: EditablePage;
  title: string;
  path: string;
  /** The edition being worked on, if any; otherwise the published one; null: the build's content. */
  state: EditionState | null;
  changedBy: string | null;
  changedAt: string | null;
  /** When the edition worked on is scheduled: the moment it goes live (decision 0039). */
  publishAt: string | null;
};

/** What a page's editor shows: the content to edit, the edition worked on, the history. */
export type PageEditorView<page extends EditablePage = EditablePage> = {
  page: page;
  /** The draft's content, or the published one's, or the build's defaults. */
  content: SiteContent[page];
  working: EditionView<page> | null;
  /** Every edition ever published, newest first (decision 0031). */
  history: EditionView<page>[];
  /** The viewer publishes at once (a head; everyone with CONTENT_APPROVAL off). */
  publishesDirectly: boolean;
  /** The viewer may approve or return an edition awaiting approval. */
  approves: boolean;
  /**
   * Editions stored before a check tightened (a year 0000) that today's schema refuses: not
   * shown, named so that the page can say so, never a failed page (issue 40).
   */
  unreadable: number[];
};

export type SiteActionResult =
  | {
      ok: true;
      outcome: "saved" | "submitted" | "published" | "returned" | "scheduled" | "unscheduled";
    }
  | {
      ok: false;
      status: number;
      message: string;
      /** The posted field the message is about, shown beside it (a best answer's page, issue 42). */
      field?: string;
    };

/** The staff port of the site's content (domain/pages/page-context.ts carries it). */
export type SitePort = {
  pages(viewer: StaffViewer): Promise<SitePageSummary[]>;
  editor<page extends EditablePage>(viewer: StaffViewer, page: page): Promise<PageEditorView<page>>;
  act<page extends EditablePage>(
    viewer: StaffViewer,
    page: page,
    action: SiteAction<page>,
  ): Promise<SiteActionResult>;
  /**
   * The public page rendered from the edition worked on (or the published one): its HTML; `own`,
   * one of its own pages (an announcement's `/news/2`) in place of the page itself.
   */
  preview(
    viewer: StaffViewer,
    page: EditablePage,
    own?: string,
  ): Promise<{ ok: true; html: string } | { ok: false; message: string }>;
  /** Keeps the files posted with a page's form, their types checked (decision 0036). */
  upload(viewer: StaffViewer, files: readonly SubmittedFile[]): Promise<UploadedSiteFile[]>;
  /** «Что заполнить»: the placeholder values published now (decision 0040). */
  placeholders(viewer: StaffViewer): Promise<PublishedPlaceholder[]>;
  /** Each announcement with its state and who changed it last (decision 0040). */
  announcements(viewer: StaffViewer): Promise<AnnouncementSummary[]>;
};
