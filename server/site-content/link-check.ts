/**
 * The site's own links checked where content enters (issue 43, decision 0061): a link typed in
 * a text to a page the site does not serve, to an anchor the page does not hold, to an uploaded
 * file that is not kept, or to an announcement that is not published (or that this very edition
 * takes off) is refused beside its field. And the other way round: an edition of the news or of a
 * file list that takes off an announcement or a document other published pages link to is
 * refused, naming those pages and fields, until the links are changed.
 *
 * What the site serves is read from the in-memory site itself (the publisher's rendered pages,
 * server/site/static-site.ts), and a page's anchors from its served HTML: what a visitor's
 * browser gets, with nothing to keep in step. Announcements are judged by the news content after
 * the edition, since a publish of the news adds and removes their pages.
 */
import { notFoundPath, sitePages } from "../../content/site-pages.ts";
import { applicationsKind, documentsKind } from "../../domain/site-content/file-lists-content.ts";
import {
  type EditablePage,
  editablePages,
  type SiteContent,
} from "../../domain/site-content/site-editions.ts";
import { fileNameOf, siteFileAddressPattern } from "../../domain/site-content/site-files.ts";
import {
  announcementIdOf,
  announcementLinks,
  announcementPathSet,
  type ContentLink,
  contentLinks,
  htmlIds,
  type SectionTitle,
  siteTargetOf,
} from "../../domain/site-content/site-links.ts";
import { nextTurn } from "../http/next-turn.ts";
import { sectionTitleOf } from "./link-fields.ts";

/** A refusal: shown under `field` when the link is in the form, else in the form's summary. */
export type LinkRefusal = { ok: false; status: 400; message: string; field?: string };

/** A served file as the check reads it (server/site/site-files.ts' SiteFile). */
type ServedFile = { body: Buffer; contentType: string };

export type LinkCheckDeps = {
  /** The file the site serves at a path now (the in-memory site). */
  served: (path: string) => ServedFile | undefined;
  /** The content every page shows now: the published editions, else the build's. */
  shown: () => SiteContent;
  /** Of these uploaded files' ids, those kept, with their names (one query). */
  keptFiles: (ids: readonly string[]) => Promise<ReadonlyMap<string, string>>;
  /**
   * The public pages the server renders on each request (/search, /appeals/status, …): served,
   * though the in-memory site keeps no file for them (the page routes' public GET rows).
   */
  renderedPerRequest: ReadonlySet<string>;
  sectionTitle?: SectionTitle;
};

/** Announcements whose links are read in one turn of the event loop. */
const announcementsPerTurn = 10;

const decoded = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

/** A page's name for staff: its title, or its address when it has none. */
const pageName = (path: string) => {
  const page = sitePages.find((site) => site.path === path);
  return page ? `«${page.title}»` : path;
};

/** The hrefs of a file list's files (documents, blank forms), decoded. */
function fileListHrefs(page: "documents" | "applications", content: SiteContent): Set<string> {
  const kind = page === "documents" ? documentsKind : applicationsKind;
  const groups = content[page].groups as unknown as { [rows: string]: Record<string, unknown>[] }[];
  return new Set(
    groups.flatMap((group) =>
      (group[kind.rows] ?? []).flatMap((row) =>
        kind.slots.map((slot) => decoded(String(row[slot.href]))),
      ),
    ),
  );
}

export function createLinkCheck(deps: LinkCheckDeps) {
  const sectionTitle = deps.sectionTitle ?? sectionTitleOf;

  /** Why a link leads nowhere, in words, or undefined: it leads where it says. */
  async function brokenLinks(
    links: readonly ContentLink[],
    announcements: ReadonlySet<string>,
  ): Promise<{ link: ContentLink; why: string }[]> {
    const targets = links.flatMap((link) => {
      const target = siteTargetOf(link.href);
      return target ? [{ link, target }] : [];
    });
    const fileIds = targets.flatMap(({ target }) => {
      const id = siteFileAddressPattern.exec(target.path)?.[1];
      return id ? [id] : [];
    });
    const kept = fileIds.length > 0 ? await deps.keptFiles([...new Set(fileIds)]) : new Map();
    const idsOf = new Map<string, Set<string>>();
    const broken: { link: ContentLink; why: string }[] = [];
    for (const { link, target } of targets) {
      const { path, anchor } = target;
      if (announcementIdOf(path) !== undefined) {
        if (!announcements.has(path)) {
          broken.push({ link, why: "ведёт на объявление, которого нет на сайте" });
          continue;
        }
      } else if (siteFileAddressPattern.test(path)) {
        const [, id = "", name = ""] = siteFileAddressPattern.exec(path) ?? [];
        if (kept.get(id) !== fileNameOf(name)) {
          broken.push({ link, why: "ведёт на файл, которого нет на сайте" });
        }
        continue;
      } else if (
        path === notFoundPath ||
        (!deps.renderedPerRequest.has(path) && deps.served(path) === undefined)
      ) {
        broken.push({ link, why: "ведёт на страницу, которой нет на сайте" });
        continue;
      }
      if (anchor === undefined) continue;
      // Anchors of a page served now; a page this edition adds (a new announcement's) is judged
      // once it is served.
      const file = deps.served(path);
      if (!file?.contentType.startsWith("text/html")) continue;
      let ids = idsOf.get(path);
      if (!ids) {
        ids = htmlIds(file.body.toString("utf8"));
        idsOf.set(path, ids);
      }
      if (!ids.has(anchor)) {
        broken.push({
          link,
          why: `ведёт к месту «#${anchor}», которого нет на странице ${pageName(path)}`,
        });
      }
    }
    return broken;
  }

  /**
   * The content's links, the news read a few announcements a turn: 200 of 18,000 characters
   * parsed in one stretch held the event loop 15 ms warm and up to 280 ms cold; in steps its
   * longest stretch was 1–4 ms (decision 0061; a publish never holds it long, decision 0058).
   */
  async function linksInSteps<page extends EditablePage>(page: page, content: SiteContent[page]) {
    if (page !== "news") return contentLinks(page, content, sectionTitle);
    const links: ContentLink[] = [];
    const { announcements } = content as SiteContent["news"];
    for (const [index, announcement] of announcements.entries()) {
      if (index > 0 && index % announcementsPerTurn === 0) await nextTurn();
      links.push(...announcementLinks(announcement, index));
    }
    return links;
  }

  /** The first link of the content that leads nowhere, refused beside its field. */
  async function leadsNowhere<page extends EditablePage>(
    page: page,
    content: SiteContent[page],
    shown: SiteContent,
  ): Promise<LinkRefusal | undefined> {
    const links = await linksInSteps(page, content);
    if (links.length === 0) return undefined;
    const news = page === "news" ? (content as SiteContent["news"]) : shown.news;
    const [first] = await brokenLinks(links, announcementPathSet(news));
    if (!first) return undefined;
    return {
      ok: false,
      status: 400,
      message: `Ссылка «${first.link.href}» в поле ${first.link.fieldLabel} ${first.why}. Исправьте или уберите ссылку.`,
      field: first.link.field,
    };
  }

  /** What other published pages link to among what this edition takes off, refused. */
  function takesOffLinked<page extends EditablePage>(
    page: page,
    content: SiteContent[page],
    shown: SiteContent,
  ): LinkRefusal | undefined {
    let removed: Set<string>;
    let what: (path: string) => string;
    if (page === "news") {
      const after = announcementPathSet(content as SiteContent["news"]);
      removed = new Set([...announcementPathSet(shown.news)].filter((path) => !after.has(path)));
      what = (path) => {
        const title = shown.news.announcements.find(
          (announcement) => `/news/${announcement.id}` === path,
        )?.title;
        return `Объявление № ${path.slice("/news/".length)}${title ? ` «${title}»` : ""} снять нельзя`;
      };
    } else if (page === "documents" || page === "applications") {
      const after = fileListHrefs(page, { ...shown, [page]: content });
      removed = new Set([...fileListHrefs(page, shown)].filter((href) => !after.has(href)));
      what = (path) => `Файл «${fileNameOf(path)}» убрать со страницы нельзя`;
    } else return undefined;
    if (removed.size === 0) return undefined;
    const linking = (Object.keys(shown) as EditablePage[])
      .filter((other) => other !== page)
      .flatMap((other) => contentLinks(other, shown[other], sectionTitle))
      .flatMap((link) => {
        const target = siteTargetOf(link.href);
        const path = target && decoded(target.path);
        return path && removed.has(path) ? [{ link, path }] : [];
      });
    const [first] = linking;
    if (!first) return undefined;
    const places = linking
      .filter(({ path }) => path === first.path)
      .slice(0, 3)
      .map(({ link }) => `в поле ${link.fieldLabel} страницы «${editablePages[link.page].title}»`);
    return {
      ok: false,
      status: 400,
      message: `${what(first.path)}: на него ведёт ссылка ${places.join("; ")}. Сначала исправьте или уберите ссылку там, затем опубликуйте снова.`,
    };
  }

  return {
    /**
     * The edition's content checked against the site: undefined when its links lead where they
     * say and it takes off nothing other pages link to.
     */
    async check<page extends EditablePage>(
      page: page,
      content: SiteContent[page],
    ): Promise<LinkRefusal | undefined> {
      const shown = deps.shown();
      return (await leadsNowhere(page, content, shown)) ?? takesOffLinked(page, content, shown);
    },

    /** Every published link that leads nowhere on the site now (the «Ссылки» report's). */
    async brokenNow(): Promise<{ link: ContentLink; why: string }[]> {
      const shown = deps.shown();
      const links = (Object.keys(shown) as EditablePage[]).flatMap((page) =>
        contentLinks(page, shown[page], sectionTitle),
      );
      return brokenLinks(links, announcementPathSet(shown.news));
    },
  };
}

export type LinkCheck = ReturnType<typeof createLinkCheck>;
