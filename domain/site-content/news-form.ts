/**
 * The announcements' editor as a plain form (no JavaScript): fields named `n<i>.<field>`, read
 * back into values (shown again as typed when something is wrong) and into checked content.
 * Adding, removing and moving an announcement are buttons of the same form; only the saving
 * buttons store them. An announcement removed and published leaves the site (its page answers
 * 404) and stays in «История».
 */
import {
  type Announcement,
  maxAnnouncements,
  type NewsContent,
  newsContentSchema,
} from "./news-content.ts";
import {
  applyListChange,
  type FormCheck,
  formErrorsOf,
  type PageForm,
  readListChange,
  readRows,
} from "./site-form.ts";

/** One announcement as the form holds it: every field as typed. */
export type AnnouncementFormValues = Record<keyof Announcement, string>;

const fields = ["id", "title", "date", "text"] as const;

export const announcementFieldName = (index: number, field: string) => `n${index}.${field}`;

/** A new, empty announcement, first in the list, numbered after every number in the list. */
function newAnnouncement(taken: readonly AnnouncementFormValues[]): AnnouncementFormValues {
  const highest = Math.max(0, ...taken.map((item) => Number.parseInt(item.id, 10) || 0));
  return { id: String(highest + 1), title: "", date: "", text: "" };
}

export function checkNewsValues(values: readonly AnnouncementFormValues[]): FormCheck<NewsContent> {
  const parsed = newsContentSchema.safeParse({
    announcements: values.map((values) => ({ ...values, date: isoDayOf(values.date) })),
  });
  if (parsed.success) return { ok: true, content: parsed.data };
  return {
    ok: false,
    errors: formErrorsOf(parsed.error.issues, ([list, index, field]) =>
      list === "announcements" && typeof index === "number" && typeof field === "string"
        ? announcementFieldName(index, field)
        : undefined,
    ),
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
};

export const newsForm: PageForm<NewsContent, AnnouncementFormValues[]> = {
  valuesOf: (content) => content.announcements.map((announcement) => ({ ...announcement })),
  read: (posted) =>
    readRows(posted, "n", fields, {
      max: maxAnnouncements + 1,
      nameOf: (_list, index, field) => announcementFieldName(index, field),
    }),
  change(values, intent) {
    const change = readListChange(intent);
    if (change?.list !== "") return undefined;
    // A new announcement goes first: the newest is what the list is about.
    if (change.kind === "add") {
      return values.length < maxAnnouncements ? [newAnnouncement(values), ...values] : [...values];
    }
    return applyListChange(values, change, { max: maxAnnouncements, make: newAnnouncement });
  },
  check: checkNewsValues,
  place(name) {
    const [, index = "0", field = ""] = /^n(\d+)\.(\w+)$/.exec(name) ?? [];
    return {
      id: `announcement-${index}-${field}`,
      label: `Объявление ${Number(index) + 1}, ${fieldLabels[field] ?? field}`,
    };
  },
};
