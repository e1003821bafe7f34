/**
 * The public site's editable pages and the life of an edition of one (issue 28, decisions
 * 0029-0031): what each page's content is checked by, the states an edition goes through, and
 * what the staff pages and the server say about them. A new editable page is a row of
 * `editablePages` with its schema, and a typed editor; the machinery is the same.
 */
import type { z } from "zod";
import type { SubmittedFile } from "../attachments/submitted-file.ts";
import type { StaffViewer } from "../staff/staff-roles.ts";
import type { AnnouncementSummary } from "./announcement-states.ts";
import { type ContactsContent, contactsContentSchema } from "./contacts-content.ts";
import {
  type ApplicationsContent,
  applicationsContentSchema,
  type DocumentsContent,
  documentsContentSchema,
} from "./file-lists-content.ts";
import {
  announcementPath,
  announcementPaths,
  type NewsContent,
  newsContentSchema,
  newsFeedPath,
  newsListed,
  newsPath,
} from "./news-content.ts";
import { type PricesContent, pricesContentSchema } from "./prices-content.ts";
import { type SectionTextsContent, sectionTextsContentSchema } from "./section-texts-content.ts";
import type { UploadedSiteFile } from "./site-files.ts";
import type { PublishedPlaceholder } from "./site-placeholders.ts";
import type { ListedContent } from "./stepped-parse.ts";
import { type StructureContent, structureContentSchema } from "./structure-content.ts";
import { type VacanciesContent, vacanciesContentSchema } from "./vacancies-content.ts";

/** Content by page, as each page's schema defines it. */
export type SiteContent = {
  vacancies: VacanciesContent;
  prices: PricesContent;
  contacts: ContactsContent;
  documents: DocumentsContent;
  applications: ApplicationsContent;
  structure: StructureContent;
  news: NewsContent;
  home: SectionTextsContent;
  services: SectionTextsContent;
  investors: SectionTextsContent;
  appeals: SectionTextsContent;
  anticorruption: SectionTextsContent;
  reception: SectionTextsContent;
  assessment: SectionTextsContent;
  /** The personal-data policy's texts (/personal-data). */
  privacy: SectionTextsContent;
};

export type EditablePage = keyof SiteContent;

export const editablePages: {
  [page in EditablePage]: {
    /** The public page of the content: where the list links, what the preview shows. */
    path: string;
    title: string;
    schema: z.ZodType<SiteContent[page]>;
    /** Content that is one long list, checked an item at a time (stepped-parse.ts). */
    listed?: ListedContent;
    /**
     * Every public page that shows the content, re-rendered on publishing: its own page, or every
     * page of the site (what the footer shows). The server's pages rendered on each request
     * read the published content as they render.
     */
    shownOn: readonly string[] | "every page";
    /**
     * Pages of the content's own, one per item (an announcement's page): added to the site when
     * published, removed (404) when an edition leaves the item out, and listed in the sitemap.
     */
    ownPages?: (content: SiteContent[page]) => readonly string[];
    /**
     * What one of those pages shows of the content (an announcement's page: the announcement):
     * a publish re-renders an own page only when this changed, so an edition changing one of
     * 200 announcements renders one page of its own, not 200.
     */
    ownPageItem?: (content: SiteContent[page], path: string) => unknown;
    /** Files made from the content, not pages: rewritten on publishing (the news feed). */
    feeds?: readonly string[];
  };
} = {
  vacancies: {
    path: "/vacancies",
    title: "Вакансии",
    schema: vacanciesContentSchema,
    shownOn: ["/vacancies"],
  },
  prices: {
    path: "/services/special_offer",
    title: "Цены",
    schema: pricesContentSchema,
    // Prices are shown on this page only (the services page links to it).
    shownOn: ["/services/special_offer"],
  },
  contacts: {
    path: "/contacts",
    title: "Контакты",
    schema: contactsContentSchema,
    // The phone, the address and the working hours are in the footer of every page.
    shownOn: "every page",
  },
  documents: {
    path: "/documents",
    title: "Документы",
    schema: documentsContentSchema,
    shownOn: ["/documents"],
  },
  applications: {
    path: "/applications",
    title: "Бланки заявлений",
    schema: applicationsContentSchema,
    shownOn: ["/applications"],
  },
  structure: {
    path: "/structure",
    title: "Структура",
    schema: structureContentSchema,
    shownOn: ["/structure"],
  },
  news: {
    path: newsPath,
    title: "Новости и объявления",
    schema: newsContentSchema,
    listed: newsListed,
    // The list, and the newest three on the home page.
    shownOn: [newsPath, "/"],
    ownPages: announcementPaths,
    ownPageItem: (content, path) =>
      content.announcements.find((announcement) => announcementPath(announcement.id) === path),
    feeds: [newsFeedPath],
  },
  home: {
    path: "/",
    title: "Главная: тексты разделов",
    schema: sectionTextsContentSchema,
    shownOn: ["/"],
  },
  services: {
    path: "/services",
    title: "Услуги: тексты разделов",
    schema: sectionTextsContentSchema,
    shownOn: ["/services"],
  },
  investors: {
    path: "/to_investors",
    title: "Инвесторам: тексты разделов",
    schema: sectionTextsContentSchema,
    shownOn: ["/to_investors"],
  },
  appeals: {
    path: "/appeals",
    title: "Обращения граждан: правила и способы",
    schema: sectionTextsContentSchema,
    shownOn: ["/appeals"],
  },
  // Issue 29's required sections (decision 0044).
  anticorruption: {
    path: "/anticorruption",
    title: "Противодействие коррупции: подразделы",
    schema: sectionTextsContentSchema,
    shownOn: ["/anticorruption"],
  },
  reception: {
    path: "/appeals/procedure",
    title: "Обращения граждан: личный приём",
    schema: sectionTextsContentSchema,
    shownOn: ["/appeals/procedure"],
  },
  assessment: {
    path: "/special-assessment",
    title: "Результаты специальной оценки условий труда",
    schema: sectionTextsContentSchema,
    shownOn: ["/special-assessment"],
  },
  privacy: {
    path: "/personal-data",
    title: "Политика обработки персональных данных",
    schema: sectionTextsContentSchema,
    shownOn: ["/personal-data"],
  },
};

export function isEditablePage(name: string): name is EditablePage {
  return Object.hasOwn(editablePages, name);
}

export const editionStates = [
  "draft",
  "awaiting_approval",
  "scheduled",
  "published",
  "superseded",
] as const;

export type EditionState = (typeof editionStates)[number];

export const editionStateLabels: Record<EditionState, string> = {
  draft: "черновик",
  awaiting_approval: "на согласовании",
  scheduled: "запланирована",
  published: "опубликована",
  superseded: "заменена",
};

/** One edition as the staff pages see it. */
export type EditionView<page extends EditablePage = EditablePage> = {
  id: number;
  page: page;
  state: EditionState;
  content: SiteContent[page];
  /**
   * The content's fingerprint (a hash of it as stored): a head's approval form carries it, and an
   * edition changed since that page was loaded is refused, so a head approves what they saw.
   */
  revision: string;
  createdBy: string;
  createdAt: string;
  changedBy: string;
  changedAt: string;
  submittedBy: string | null;
  submittedAt: string | null;
  returnedBy: string | null;
  returnedAt: string | null;
  returnComment: string | null;
  publishedBy: string | null;
  publishedAt: string | null;
  /** The earlier edition «Вернуть эту редакцию» published again. */
  restoredFrom: number | null;
  /** A scheduled edition's moment (UTC, ISO), and who scheduled it: its publisher (0039). */
  publishAt: string | null;
  scheduledBy: string | null;
};

/** A page on the list at /staff/site: its state and who changed it last. */
export type SitePageSummary = {
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

/** What a staff member asks of a page's content. */
export type SiteAction<page extends EditablePage = EditablePage> =
  | { kind: "save"; content: SiteContent[page] }
  /** Save, then publish (or submit for approval, when the viewer does not publish directly). */
  | { kind: "publish"; content: SiteContent[page] }
  /** `revision`: the edition's fingerprint on the head's page (EditionView.revision). */
  | { kind: "approve"; editionId: number; revision: string }
  | { kind: "return"; editionId: number; comment: string }
  | { kind: "restore"; editionId: number }
  /** Save, then publish at a moment (decision 0039): for whoever publishes directly. */
  | { kind: "schedule"; content: SiteContent[page]; publishAt: Date }
  /** A head approves an edition awaiting approval to go live at a moment. */
  | { kind: "approve-on-schedule"; editionId: number; revision: string; publishAt: Date }
  /** A scheduled edition back to a draft. */
  | { kind: "cancel-schedule"; editionId: number };

export type SiteActionResult =
  | {
      ok: true;
      outcome: "saved" | "submitted" | "published" | "returned" | "scheduled" | "unscheduled";
    }
  | { ok: false; status: number; message: string };

/** The staff port of the site's content (domain/pages/page-context.ts carries it). */
export type SitePort = {
  pages(viewer: StaffViewer): Promise<SitePageSummary[]>;
  editor<page extends EditablePage>(viewer: StaffViewer, page: page): Promise<PageEditorView<page>>;
  act<page extends EditablePage>(
    viewer: StaffViewer,
    page: page,
    action: SiteAction<page>,
  ): Promise<SiteActionResult>;
  /** The public page rendered from the edition worked on (or the published one): its HTML. */
  preview(
    viewer: StaffViewer,
    page: EditablePage,
  ): Promise<{ ok: true; html: string } | { ok: false; message: string }>;
  /** Keeps the files posted with a page's form, their types checked (decision 0036). */
  upload(viewer: StaffViewer, files: readonly SubmittedFile[]): Promise<UploadedSiteFile[]>;
  /** «Что заполнить»: the placeholder values published now (decision 0040). */
  placeholders(viewer: StaffViewer): Promise<PublishedPlaceholder[]>;
  /** Each announcement with its state and who changed it last (decision 0040). */
  announcements(viewer: StaffViewer): Promise<AnnouncementSummary[]>;
};
