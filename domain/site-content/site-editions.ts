/**
 * The public site's editable pages and the life of an edition of one (issue 28, decisions
 * 0029-0031): what each page's content is checked by, the states an edition goes through, and
 * what a staff member asks of one. What the staff port answers is site-port.ts. A new editable
 * page is a row of `pageRows` with its schema, and a typed editor; the machinery is the same.
 */
import type { z } from "zod";
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
import { type SearchContent, searchContentSchema } from "./search-content.ts";
import { type SectionTextsContent, sectionTextsContentSchema } from "./section-texts-content.ts";
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
  /** The search's synonyms and best answers (issue 42): no page shows them, /search uses them. */
  search: SearchContent;
};

export type EditablePage = keyof SiteContent;

/** A page's row as written here: `shownOn` derived from it (`editablePages`). */
type PageRow<page extends EditablePage> = {
  /** The public page of the content: where the list links, what the preview shows. */
  path: string;
  title: string;
  schema: z.ZodType<SiteContent[page]>;
  /** Content that is one long list, checked an item at a time (stepped-parse.ts). */
  listed?: ListedContent;
  /**
   * Public pages besides `path` that show the content, or every page of the site (what the
   * footer shows).
   */
  alsoShownOn?: readonly string[] | "every page";
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
  /**
   * False: no built page shows the content (the search's settings: /search is rendered per
   * request and reads what is published). A publish renders no page, and there is no preview.
   */
  rendered?: false;
};

type PageRows = { [page in EditablePage]: PageRow<page> };

/** Each editable page once: its address is written here only, and where it shows follows. */
const pageRows: PageRows = {
  vacancies: {
    path: "/vacancies",
    title: "Вакансии",
    schema: vacanciesContentSchema,
  },
  prices: {
    path: "/services/special_offer",
    title: "Цены",
    schema: pricesContentSchema,
    // Prices are shown on this page only (the services page links to it): no `alsoShownOn`.
  },
  contacts: {
    path: "/contacts",
    title: "Контакты",
    schema: contactsContentSchema,
    // The phone, the address and the working hours are in the footer of every page.
    alsoShownOn: "every page",
  },
  documents: {
    path: "/documents",
    title: "Документы",
    schema: documentsContentSchema,
  },
  applications: {
    path: "/applications",
    title: "Бланки заявлений",
    schema: applicationsContentSchema,
  },
  structure: {
    path: "/structure",
    title: "Структура",
    schema: structureContentSchema,
  },
  news: {
    path: newsPath,
    title: "Новости и объявления",
    schema: newsContentSchema,
    listed: newsListed,
    // The list, and the newest three on the home page.
    alsoShownOn: ["/"],
    ownPages: announcementPaths,
    ownPageItem: (content, path) =>
      content.announcements.find((announcement) => announcementPath(announcement.id) === path),
    feeds: [newsFeedPath],
  },
  home: {
    path: "/",
    title: "Главная: тексты разделов",
    schema: sectionTextsContentSchema,
  },
  services: {
    path: "/services",
    title: "Услуги: тексты разделов",
    schema: sectionTextsContentSchema,
  },
  investors: {
    path: "/to_investors",
    title: "Инвесторам: тексты разделов",
    schema: sectionTextsContentSchema,
  },
  appeals: {
    path: "/appeals",
    title: "Обращения граждан: правила и способы",
    schema: sectionTextsContentSchema,
  },
  // Issue 29's required sections (decision 0044).
  anticorruption: {
    path: "/anticorruption",
    title: "Противодействие коррупции: подразделы",
    schema: sectionTextsContentSchema,
  },
  reception: {
    path: "/appeals/procedure",
    title: "Обращения граждан: личный приём",
    schema: sectionTextsContentSchema,
  },
  assessment: {
    path: "/special-assessment",
    title: "Результаты специальной оценки условий труда",
    schema: sectionTextsContentSchema,
  },
  privacy: {
    path: "/personal-data",
    title: "Политика обработки персональных данных",
    schema: sectionTextsContentSchema,
  },
  search: {
    // The page that uses the content, linked from the editor; it is not a built page.
    path: "/search",
    title: "Поиск по сайту: синонимы и лучшие ответы",
    schema: searchContentSchema,
    rendered: false,
  },
};

type EditablePages = {
  [page in EditablePage]: Omit<PageRow<page>, "alsoShownOn" | "rendered"> & {
    /**
     * Every public page that shows the content, re-rendered on publishing: its own page and
     * those it is also shown on, or every page of the site; none for content no built page
     * shows. The server's pages rendered on each request read the published content as they
     * render.
     */
    shownOn: readonly string[] | "every page";
    /** A built page shows the content: a publish renders it, and a preview shows it. */
    rendered: boolean;
  };
};

export const editablePages = Object.fromEntries(
  Object.entries(pageRows).map(([page, { alsoShownOn, rendered = true, ...row }]) => [
    page,
    {
      ...row,
      rendered,
      shownOn: !rendered
        ? []
        : alsoShownOn === "every page"
          ? alsoShownOn
          : [row.path, ...(alsoShownOn ?? [])],
    },
  ]),
) as EditablePages;

export function isEditablePage(name: string): name is EditablePage {
  return Object.hasOwn(editablePages, name);
}

const editionStates = [
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

/** What a staff member asks of a page's content. */
/** The longest comment a head returns an edition with: the form's limit and the kept text's. */
export const returnCommentMaxLength = 2000;

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
