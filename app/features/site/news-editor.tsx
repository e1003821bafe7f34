import { useRouteLoaderData } from "react-router";
import { inputConstraints } from "../../../domain/forms/input-constraints.ts";
import {
  announcementImageFormats,
  announcementSchema,
  lastNumberOf,
  type NewsContent,
} from "../../../domain/site-content/news-content.ts";
import {
  announcementErrorKey,
  announcementFieldName,
  imageOffIntent,
  imageUploadName,
  lastNumberField,
  type NewsFormValues,
} from "../../../domain/site-content/news-form.ts";
import type { FormErrors } from "../../../domain/site-content/site-form.ts";
import { Button, ButtonGroup } from "../../components/staff/button/button.tsx";
import { TextInput } from "../../components/staff/field/field.tsx";
import { Textarea } from "../../components/staff/textarea/textarea.tsx";
import { AddItemButton, ListItemFieldset } from "./list-buttons.tsx";
import type { EditorPart } from "./site-editor-form.tsx";
import { UploadField } from "./upload-field.tsx";

/** How the small markup is typed: shown under every field that takes it. */
export const markupHint =
  "Абзацы разделяйте пустой строкой; пункт списка начинайте с «- »; ссылка: [слова](https://адрес) или [слова](/documents); жирный: **слова**. Остальное показывается как написано.";

/** The editor's route (app/routes.ts), whose loader gives the page's published editions. */
const editorRoute = "routes/staff-site-page";

/** What the editor's loader says of the announcements' published editions, newest first. */
type PublishedNews = { view?: { history?: readonly { content: NewsContent }[] } };

/** The contents list's entries: each announcement by its number and title (site-editor-form.tsx). */
export const newsParts = (values: NewsFormValues): EditorPart[] =>
  values.announcements.map((announcement, index) => ({
    id: `announcement-${index}`,
    title: `Объявление ${announcement.id}${announcement.title ? `: ${announcement.title}` : ""}`,
  }));

/**
 * The announcements' fields in the shared editor form (site-editor-form.tsx): a new one is
 * added at the top; each has its title, day and text, an optional picture with its description
 * in words (decision 0040), and buttons to move or remove it (the page orders them by day).
 * Each is named by its number, the one of its address and of «Содержание сайта» (issue 43); one
 * on the site is taken off («Снять объявление»), one never published is deleted («Удалить»).
 * Plain HTML: it works without JavaScript.
 */
export function NewsFields({
  values,
  errors,
}: {
  values: NewsFormValues;
  errors: FormErrors | undefined;
}) {
  // Every published edition's numbers count as given: a number taken off the site, or one an
  // earlier edition restored without, is not given again.
  const history = useRouteLoaderData<PublishedNews>(editorRoute)?.view?.history ?? [];
  const onSite = new Set(history[0]?.content.announcements.map((item) => item.id) ?? []);
  const lastNumber = Math.max(
    Number.parseInt(values.lastNumber, 10) || 0,
    ...history.map((edition) => lastNumberOf(edition.content)),
  );
  const { announcements } = values;
  return (
    <>
      <input type="hidden" name="ncount" value={announcements.length} />
      <input type="hidden" name={lastNumberField} value={lastNumber} />
      <AddItemButton label="Добавить объявление" />
      {announcements.length === 0 ? (
        <p>Объявлений нет: страница «Новости и объявления» скажет, что их пока нет.</p>
      ) : null}
      {announcements.map((announcement, index) => {
        const name = (field: string) => announcementFieldName(index, field);
        const id = (field: string) => `announcement-${index}-${field}`;
        const errorOf = (field: string) =>
          errors?.byField[announcementErrorKey(index, announcement.id, field)];
        return (
          <ListItemFieldset
            key={announcement.id}
            id={`announcement-${index}`}
            legend={`Объявление ${announcement.id}${announcement.title ? `: ${announcement.title}` : ""}`}
            idField={{ name: name("id"), value: announcement.id }}
            buttons={{
              index,
              count: announcements.length,
              remove: onSite.has(announcement.id) ? "Снять объявление" : "Удалить",
              itemName: `объявление ${announcement.id}`,
            }}
          >
            <p>Адрес на сайте: /news/{announcement.id}</p>
            <TextInput
              id={id("title")}
              name={name("title")}
              label="Заголовок"
              {...inputConstraints(announcementSchema, "title")}
              defaultValue={announcement.title}
              error={errorOf("title")}
            />
            <TextInput
              id={id("date")}
              name={name("date")}
              type="date"
              label="Дата"
              hint="Например, 25.11.2026"
              required
              variant="staff-date"
              defaultValue={announcement.date}
              error={errorOf("date")}
            />
            <Textarea
              id={id("text")}
              name={name("text")}
              label="Текст"
              hint={markupHint}
              rows={8}
              {...inputConstraints(announcementSchema, "text")}
              defaultValue={announcement.text}
              error={errorOf("text")}
            />
            <UploadField
              id={id("imageHref-upload")}
              name={imageUploadName(index)}
              label="Картинка (необязательно)"
              hidden={{
                href: { name: name("imageHref"), value: announcement.imageHref },
                facts: { name: name("imageFile"), value: announcement.imageFile },
              }}
              formats={announcementImageFormats}
              error={errorOf("imageHref.upload")}
            />
            <Textarea
              id={id("imageAlt")}
              name={name("imageAlt")}
              label="Описание картинки словами"
              hint="Обязательно, если есть картинка: что на ней, для тех, кто её не видит."
              rows={2}
              {...inputConstraints(announcementSchema, "image", "alt")}
              defaultValue={announcement.imageAlt}
              error={errorOf("imageAlt")}
            />
            {announcement.imageHref ? (
              <ButtonGroup>
                <Button kind="secondary" name="intent" value={imageOffIntent(index)}>
                  Убрать картинку
                  <span className="visually-hidden">: объявление {announcement.id}</span>
                </Button>
              </ButtonGroup>
            ) : null}
          </ListItemFieldset>
        );
      })}
    </>
  );
}
