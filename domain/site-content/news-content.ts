/**
 * «Новости и объявления» as staff edit them (issue 28): each announcement a title, a day and a
 * text in the site's small markup (site-markup.ts). The list is published as one edition, like
 * every editable page: an announcement removed from it leaves the site and stays in «История».
 * Each announcement has a page of its own at /news/<id>, the list is at /news, the newest three
 * are on the home page and all are in the Atom feed.
 */
import { z } from "zod";
import { siteDaySchema } from "./site-day.ts";
import { isSiteFileAddress, uploadedFileSchema } from "./site-files.ts";
import type { ListedContent } from "./stepped-parse.ts";
import { markupText, requiredText } from "./typed-text.ts";

/** The list of announcements, its feed and one announcement's page. */
export const newsPath = "/news";
export const newsFeedPath = "/news/feed.atom";
export const announcementPath = (id: string) => `${newsPath}/${id}`;

/** How many announcements the home page shows. */
export const newsOnHomePage = 3;

export const maxAnnouncements = 200;

/** What an announcement's picture may be: a photo or a drawing the browser shows itself. */
export const announcementImageFormats = ["JPEG", "PNG", "WEBP"] as const;

const announcementImageMessages = {
  alt: "Опишите картинку словами: это прочтут те, кто её не видит. Если картинка не нужна, нажмите «Убрать картинку».",
  format: "Картинка объявления — это JPEG, PNG или WEBP.",
  upload: "Загрузите картинку ещё раз или сотрите её описание.",
} as const;

/**
 * An announcement's optional picture (decision 0040): an uploaded JPEG, PNG or WebP (decision
 * 0036) with its size, for the page's <img>, and its text alternative, required.
 */
const announcementImageSchema = z.object({
  href: z.string().refine(isSiteFileAddress, announcementImageMessages.upload),
  file: uploadedFileSchema
    .refine((file) => (announcementImageFormats as readonly string[]).includes(file.format), {
      message: announcementImageMessages.format,
    })
    .refine((file) => file.width !== undefined && file.height !== undefined, {
      message: announcementImageMessages.upload,
    }),
  alt: requiredText(1000, announcementImageMessages.alt),
});

/** The highest number an announcement may take: six digits. */
export const maxAnnouncementNumber = 999_999;

export const announcementSchema = z.object({
  /**
   * The announcement's number from its creation to its removal: the page's address
   * (/news/<id>), «Объявление <id>» in the editor, «№ <id>» on «Содержание сайта», and how the
   * history follows one announcement. Never given twice (`lastNumber`).
   */
  id: z.string().regex(/^[1-9]\d{0,5}$/, "Неверный номер объявления."),
  title: requiredText(200, "Укажите заголовок."),
  /** The announcement's day, YYYY-MM-DD (Kirov's calendar). */
  date: siteDaySchema,
  text: markupText(20_000, "Напишите текст объявления."),
  image: announcementImageSchema.optional(),
});

export type Announcement = z.infer<typeof announcementSchema>;

/** The list of announcements with its own rules, its items checked by `item`. */
const newsOf = <Item extends z.ZodType<{ id: string }>>(item: Item) =>
  z
    .object({
      announcements: z
        .array(item)
        .max(maxAnnouncements, `Не больше ${maxAnnouncements} объявлений.`),
      /**
       * The highest number ever given to an announcement of this list, kept after the
       * announcement is removed, so that a new one never takes a freed number (and a freed
       * /news/<id> never shows another announcement). Absent in content saved before issue 43:
       * the highest number in the list stands for it.
       */
      lastNumber: z.number().int().min(0).max(maxAnnouncementNumber).optional(),
    })
    .refine(
      (content) =>
        new Set(content.announcements.map((one) => one?.id)).size === content.announcements.length,
      "Номера объявлений повторяются.",
    );

export const newsContentSchema = newsOf(announcementSchema);

export type NewsContent = z.infer<typeof newsContentSchema>;

/**
 * The same, checked one announcement at a time (stepped-parse.ts): 200 of 20,000 characters are
 * 4 MB, too long for one stretch of a server's event loop (issue 40).
 */
export const newsListed: ListedContent = {
  key: "announcements",
  item: announcementSchema,
  // Any item passes here: each was checked by `item` already.
  rest: newsOf(z.custom<{ id: string }>()),
};

/** The highest number this content gave: its `lastNumber`, or the highest in its list. */
export function lastNumberOf(content: {
  announcements: readonly { id: string }[];
  lastNumber?: number | undefined;
}): number {
  return Math.max(
    content.lastNumber ?? 0,
    ...content.announcements.map((one) => Number.parseInt(one.id, 10) || 0),
  );
}

/** The announcements as visitors read them: newest first, equal days in the list's order. */
export function newestFirst(content: NewsContent): Announcement[] {
  return content.announcements
    .map((announcement, index) => ({ announcement, index }))
    .sort((a, b) => b.announcement.date.localeCompare(a.announcement.date) || a.index - b.index)
    .map(({ announcement }) => announcement);
}

/** Every announcement's own page. */
export const announcementPaths = (content: NewsContent): string[] =>
  content.announcements.map((announcement) => announcementPath(announcement.id));
