import { inputConstraints } from "../../../domain/forms/input-constraints.ts";
import {
  announcementImageFormats,
  announcementSchema,
} from "../../../domain/site-content/news-content.ts";
import {
  type AnnouncementFormValues,
  announcementFieldName,
  imageOffIntent,
  imageUploadName,
} from "../../../domain/site-content/news-form.ts";
import type { FormErrors } from "../../../domain/site-content/site-form.ts";
import { Button, ButtonGroup } from "../../components/staff/button/button.tsx";
import { TextInput } from "../../components/staff/field/field.tsx";
import { Textarea } from "../../components/staff/textarea/textarea.tsx";
import { AddItemButton, ListItemFieldset } from "./list-buttons.tsx";
import { UploadField } from "./upload-field.tsx";

/** How the small markup is typed: shown under every field that takes it. */
export const markupHint =
  "Абзацы разделяйте пустой строкой; пункт списка начинайте с «- »; ссылка: [слова](https://адрес) или [слова](/documents); жирный: **слова**. Остальное показывается как написано.";

/**
 * The announcements' fields in the shared editor form (site-editor-form.tsx): a new one is
 * added at the top; each has its title, day and text, an optional picture with its description
 * in words (decision 0040), and buttons to move or remove it (the page orders them by day).
 * Plain HTML: it works without JavaScript.
 */
export function NewsFields({
  values,
  errors,
}: {
  values: readonly AnnouncementFormValues[];
  errors: FormErrors | undefined;
}) {
  const errorOf = (index: number, field: string) =>
    errors?.byField[announcementFieldName(index, field)];
  return (
    <>
      <input type="hidden" name="ncount" value={values.length} />
      <AddItemButton label="Добавить объявление" />
      {values.length === 0 ? (
        <p>Объявлений нет: страница «Новости и объявления» скажет, что их пока нет.</p>
      ) : null}
      {values.map((announcement, index) => {
        const name = (field: string) => announcementFieldName(index, field);
        const id = (field: string) => `announcement-${index}-${field}`;
        return (
          <ListItemFieldset
            key={announcement.id}
            legend={`Объявление ${index + 1}${announcement.title ? `: ${announcement.title}` : ""}`}
            idField={{ name: name("id"), value: announcement.id }}
            buttons={{
              index,
              count: values.length,
              remove: "Снять объявление",
              itemName: `объявление ${index + 1}`,
            }}
          >
            <p>Адрес на сайте: /news/{announcement.id}</p>
            <TextInput
              id={id("title")}
              name={name("title")}
              label="Заголовок"
              {...inputConstraints(announcementSchema, "title")}
              defaultValue={announcement.title}
              error={errorOf(index, "title")}
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
              error={errorOf(index, "date")}
            />
            <Textarea
              id={id("text")}
              name={name("text")}
              label="Текст"
              hint={markupHint}
              rows={8}
              {...inputConstraints(announcementSchema, "text")}
              defaultValue={announcement.text}
              error={errorOf(index, "text")}
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
              error={errors?.byField[imageUploadName(index)]}
            />
            <Textarea
              id={id("imageAlt")}
              name={name("imageAlt")}
              label="Описание картинки словами"
              hint="Обязательно, если есть картинка: что на ней, для тех, кто её не видит."
              rows={2}
              {...inputConstraints(announcementSchema, "image", "alt")}
              defaultValue={announcement.imageAlt}
              error={errorOf(index, "imageAlt")}
            />
            {announcement.imageHref ? (
              <ButtonGroup>
                <Button kind="secondary" name="intent" value={imageOffIntent(index)}>
                  Убрать картинку
                  <span className="visually-hidden">: объявление {index + 1}</span>
                </Button>
              </ButtonGroup>
            ) : null}
          </ListItemFieldset>
        );
      })}
    </>
  );
}
