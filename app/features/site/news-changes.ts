/**
 * What one edition of the announcements changed against the one before, field by field, in
 * words («История», decision 0031): announcements published and taken off, each field changed.
 * The list's order is not the page's (it orders by day): it is not reported.
 */
import { formatDay } from "../../../content/format.ts";
import type { Announcement, NewsContent } from "../../../domain/site-content/news-content.ts";
import { fileNameOf } from "../../../domain/site-content/site-files.ts";
import { type FieldChange, listChanges } from "./field-change.ts";

const fieldsOf = (announcement: Announcement) => [
  { label: "Заголовок", value: announcement.title },
  { label: "Дата", value: formatDay(announcement.date) },
  { label: "Текст", value: announcement.text },
  { label: "Картинка", value: announcement.image ? fileNameOf(announcement.image.href) : "" },
  { label: "Описание картинки", value: announcement.image?.alt ?? "" },
];

export function newsChanges(before: NewsContent, after: NewsContent): FieldChange[] {
  return listChanges(before.announcements, after.announcements, {
    nameOf: (announcement) => announcement.title,
    fields: fieldsOf,
    added: "Объявление опубликовано",
    removed: "Объявление снято с сайта",
    order: "Порядок объявлений",
  }).filter((change) => change.what !== "Порядок объявлений");
}
