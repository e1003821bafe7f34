/**
 * The announcements' editor as a plain form (no JavaScript): fields named `n<i>.<field>`, read
 * back into values (shown again as typed when something is wrong) and into checked content.
 * Adding, removing and moving an announcement are buttons of the same form; only the saving
 * buttons store them. An announcement removed and published leaves the site (its page answers
 * 404) and stays in «История». Each announcement keeps the number it was given when it was added
 * (issue 43): a new one takes the one after the highest ever given, which the form carries in a
 * hidden field (`nlast`) and the content keeps (`lastNumber`), so a removed one's number is never
 * given again.
 */
import type { z } from "zod";
import {
  type Announcement,
  announcementImageFormats,
  lastNumberOf,
  maxAnnouncementNumber,
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

/**
 * The form's values: the announcements as typed, and the highest number ever given (as the
 * hidden field `nlast` holds it: the content's, the history's and the numbers given since).
 */
export type NewsFormValues = {
  lastNumber: string;
  announcements: AnnouncementFormValues[];
};

export const announcementFieldName = (index: number, field: string) => `n${index}.${field}`;

/** The hidden field carrying the highest number ever given. */
export const lastNumberField = "nlast";

/** The highest number given: the one carried, or a higher one in the list (never below). */
function lastNumberOfValues(values: NewsFormValues): number {
  const carried = Number.parseInt(values.lastNumber, 10);
  const announcements = values.announcements.map((item) => ({ id: item.id }));
  const lastNumber = Number.isSafeInteger(carried)
    ? Math.min(Math.max(carried, 0), maxAnnouncementNumber)
    : 0;
  return lastNumberOf({ announcements, lastNumber });
}

/** An empty announcement numbered `id`. */
const emptyAnnouncement = (id: number): AnnouncementFormValues => ({
  id: String(id),
  title: "",
  date: "",
  text: "",
  imageHref: "",
  imageFile: "",
  imageAlt: "",
});

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
const postedNews = (values: NewsFormValues) => ({
  lastNumber: lastNumberOfValues(values),
  announcements: values.announcements.map((values) => ({
    id: values.id,
    title: values.title,
    date: isoDayOf(values.date),
    text: values.text,
    ...imageOf(values),
  })),
});

function checkNewsValues(values: NewsFormValues): FormCheck<NewsContent> {
  return newsCheckOf(values, newsContentSchema.safeParse(postedNews(values)));
}

/** The same in steps, an announcement at a time (stepped-parse.ts, issue 40). */
async function checkNewsValuesInSteps(
  values: NewsFormValues,
  turn: () => Promise<void>,
): Promise<FormCheck<NewsContent>> {
  return newsCheckOf(
    values,
    await parseInSteps(newsContentSchema, newsListed, postedNews(values), turn),
  );
}

/**
 * Where a field's error is kept: its input's name and the announcement's number, so that the
 * errors' summary names the announcement by its number, as its fieldset does (issue 43).
 */
export const announcementErrorKey = (index: number, id: string, field: string) =>
  `${announcementFieldName(index, field)}@${id}`;

function newsCheckOf(
  values: NewsFormValues,
  parsed: z.ZodSafeParseResult<NewsContent>,
): FormCheck<NewsContent> {
  if (parsed.success) return { ok: true, content: parsed.data };
  return {
    ok: false,
    errors: formErrorsOf(parsed.error.issues, ([list, index, field, part]) => {
      if (list !== "announcements" || typeof index !== "number" || typeof field !== "string") {
        return undefined;
      }
      const id = values.announcements[index]?.id ?? "";
      if (field !== "image") return announcementErrorKey(index, id, field);
      return announcementErrorKey(index, id, part === "alt" ? "imageAlt" : "imageHref.upload");
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

/** The values with announcement `at` changed by `change`. */
const changeOne = (
  values: NewsFormValues,
  at: number,
  change: (item: AnnouncementFormValues) => AnnouncementFormValues,
): NewsFormValues => ({
  ...values,
  announcements: values.announcements.map((item, index) => (index === at ? change(item) : item)),
});

export const newsForm: PageForm<NewsContent, NewsFormValues> = {
  valuesOf: (content) => ({
    lastNumber: String(lastNumberOf(content)),
    announcements: content.announcements.map(valuesOf),
  }),
  read: (posted) => ({
    lastNumber: posted.get(lastNumberField) ?? "",
    announcements: readRows(posted, "n", fields, {
      max: maxAnnouncements + 1,
      nameOf: (_list, index, field) => announcementFieldName(index, field),
    }),
  }),
  change(values, intent) {
    const imageOff = /^noimage:(\d{1,3})$/.exec(intent);
    if (imageOff) {
      return changeOne(values, Number(imageOff[1]), (item) => ({
        ...item,
        imageHref: "",
        imageFile: "",
        imageAlt: "",
      }));
    }
    const change = readListChange(intent);
    if (change?.list !== "") return undefined;
    // Read before a removal: a removed announcement's number stays given.
    const given = lastNumberOfValues(values);
    const { announcements } = values;
    if (change.kind === "add") {
      if (announcements.length >= maxAnnouncements || given >= maxAnnouncementNumber) {
        return { lastNumber: String(given), announcements };
      }
      // A new announcement goes first, numbered after the highest ever given: the newest is
      // what the list is about.
      const id = given + 1;
      return { lastNumber: String(id), announcements: [emptyAnnouncement(id), ...announcements] };
    }
    return {
      lastNumber: String(given),
      announcements: applyListChange(announcements, change, {
        max: maxAnnouncements,
        make: () => emptyAnnouncement(given + 1),
      }),
    };
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
      return changeOne(values, at, (item) => ({
        ...item,
        imageHref: file.href,
        imageFile: factsTextOf(file),
      }));
    },
  },
  place(name) {
    const [, index = "0", field = "", id] = /^n(\d+)\.([\w.]+?)(?:@(\d+))?$/.exec(name) ?? [];
    return {
      id: `announcement-${index}-${field.replaceAll(".", "-")}`,
      label: `Объявление ${id ?? Number(index) + 1}, ${fieldLabels[field] ?? field}`,
    };
  },
};
