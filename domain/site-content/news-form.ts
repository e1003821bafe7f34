/**
 * The announcements' editor as a plain form (no JavaScript): fields named `n<i>.<field>`, read
 * back into values (shown again as typed when something is wrong) and into checked content.
 * Adding, removing and moving an announcement are buttons of the same form; only the saving
 * buttons store them. An announcement removed and published leaves the site (its page answers
 * 404) and stays in «История».
 */
import type { z } from "zod";
import {
  type Announcement,
  announcementImageFormats,
  maxAnnouncements,
  type NewsContent,
  newsContentSchema,
  newsListed,
} from "./news-content.ts";
import { factsTextOf, uploadedFileFactsOf } from "./site-files.ts";
import {
  applyListChange,
  type FormCheck,
  formErrorsOf,
  type PageForm,
  readListChange,
  readRows,
} from "./site-form.ts";
import { parseInSteps } from "./stepped-parse.ts";

const fields = ["id", "title", "date", "text", "imageHref", "imageFile", "imageAlt"] as const;

/**
 * One announcement as the form holds it: every field as typed; its picture as its address and
 * facts (hidden fields, decision 0036) and its description in words (decision 0040).
 */
export type AnnouncementFormValues = Record<(typeof fields)[number], string>;

/** The file input of announcement `index`'s picture, and the button taking the picture off. */
export const imageUploadName = (index: number) => `n${index}.imageHref.upload`;
export const imageOffIntent = (index: number) => `noimage:${index}`;

export const announcementFieldName = (index: number, field: string) => `n${index}.${field}`;

/** A new, empty announcement, first in the list, numbered after every number in the list. */
function newAnnouncement(taken: readonly AnnouncementFormValues[]): AnnouncementFormValues {
  const highest = Math.max(0, ...taken.map((item) => Number.parseInt(item.id, 10) || 0));
  const id = String(highest + 1);
  return { id, title: "", date: "", text: "", imageHref: "", imageFile: "", imageAlt: "" };
}

/** The picture as the schema reads it: none when neither a file nor words were given. */
function imageOf(values: AnnouncementFormValues) {
  if (values.imageHref.trim() === "" && values.imageAlt.trim() === "") return {};
  const file = uploadedFileFactsOf(values.imageFile) ?? {};
  return { image: { href: values.imageHref, file, alt: values.imageAlt } };
}

function valuesOf(announcement: Announcement): AnnouncementFormValues {
  const { image, ...fields } = announcement;
  return {
    ...fields,
    imageHref: image?.href ?? "",
    imageFile: image ? factsTextOf(image.file) : "",
    imageAlt: image?.alt ?? "",
  };
}

/** What the form's values stand for, before any check. */
const postedNews = (values: readonly AnnouncementFormValues[]) => ({
  announcements: values.map((values) => ({
    id: values.id,
    title: values.title,
    date: isoDayOf(values.date),
    text: values.text,
    ...imageOf(values),
  })),
});

function checkNewsValues(values: readonly AnnouncementFormValues[]): FormCheck<NewsContent> {
  return newsCheckOf(newsContentSchema.safeParse(postedNews(values)));
}

/** The same in steps, an announcement at a time (stepped-parse.ts, issue 40). */
async function checkNewsValuesInSteps(
  values: readonly AnnouncementFormValues[],
  turn: () => Promise<void>,
): Promise<FormCheck<NewsContent>> {
  return newsCheckOf(await parseInSteps(newsContentSchema, newsListed, postedNews(values), turn));
}

function newsCheckOf(parsed: z.ZodSafeParseResult<NewsContent>): FormCheck<NewsContent> {
  if (parsed.success) return { ok: true, content: parsed.data };
  return {
    ok: false,
    errors: formErrorsOf(parsed.error.issues, ([list, index, field, part]) => {
      if (list !== "announcements" || typeof index !== "number" || typeof field !== "string") {
        return undefined;
      }
      if (field !== "image") return announcementFieldName(index, field);
      return part === "alt" ? announcementFieldName(index, "imageAlt") : imageUploadName(index);
    }),
  };
}

/** '25.11.2026' (typed where the browser has no calendar) -> '2026-11-25'; else as typed. */
function isoDayOf(typed: string): string {
  const match = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{4})\s*$/.exec(typed);
  if (!match) return typed;
  const [, day = "", month = "", year = ""] = match;
  return `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
}

const fieldLabels: Record<string, string> = {
  title: "заголовок",
  date: "дата",
  text: "текст",
  id: "номер",
  imageAlt: "описание картинки",
  "imageHref.upload": "картинка",
};

export const newsForm: PageForm<NewsContent, AnnouncementFormValues[]> = {
  valuesOf: (content) => content.announcements.map(valuesOf),
  read: (posted) =>
    readRows(posted, "n", fields, {
      max: maxAnnouncements + 1,
      nameOf: (_list, index, field) => announcementFieldName(index, field),
    }),
  change(values, intent) {
    const imageOff = /^noimage:(\d{1,3})$/.exec(intent);
    if (imageOff) {
      const at = Number(imageOff[1]);
      return values.map((item, index) =>
        index === at ? { ...item, imageHref: "", imageFile: "", imageAlt: "" } : item,
      );
    }
    const change = readListChange(intent);
    if (change?.list !== "") return undefined;
    // A new announcement goes first: the newest is what the list is about.
    if (change.kind === "add") {
      return values.length < maxAnnouncements ? [newAnnouncement(values), ...values] : [...values];
    }
    return applyListChange(values, change, { max: maxAnnouncements, make: newAnnouncement });
  },
  check: checkNewsValues,
  checkInSteps: checkNewsValuesInSteps,
  files: {
    accepts: (field) =>
      /^n\d{1,3}\.imageHref\.upload$/.test(field)
        ? { formats: announcementImageFormats, label: "Картинка объявления" }
        : undefined,
    attach(values, field, file) {
      const at = Number(/^n(\d{1,3})\.imageHref\.upload$/.exec(field)?.[1] ?? -1);
      return values.map((item, index) =>
        index === at ? { ...item, imageHref: file.href, imageFile: factsTextOf(file) } : item,
      );
    },
  },
  place(name) {
    const [, index = "0", field = ""] = /^n(\d+)\.([\w.]+)$/.exec(name) ?? [];
    return {
      id: `announcement-${index}-${field.replaceAll(".", "-")}`,
      label: `Объявление ${Number(index) + 1}, ${fieldLabels[field] ?? field}`,
    };
  },
};
