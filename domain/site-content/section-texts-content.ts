/**
 * The texts of a page's sections as staff edit them (issue 28): each section's text in the
 * site's small markup (site-markup.ts), the section itself (its id, the anchor, its title) fixed
 * by the page. The home page's five sections are the first page edited this way; the services'
 * blocks, the investors' page and the appeals page's rules can take the same schema.
 */
import { z } from "zod";
import { itemIdPattern } from "../text/patterns.ts";
import { markupText } from "./typed-text.ts";

export const sectionTextSchema = z.object({
  /** The section's anchor on its page (`gov-task`): which section the text is of. */
  id: z.string().regex(itemIdPattern, "Неверный идентификатор раздела."),
  text: markupText(10_000, "Напишите текст раздела."),
});

export const sectionTextsContentSchema = z
  .object({ sections: z.array(sectionTextSchema).min(1).max(20) })
  .refine(
    (content) =>
      new Set(content.sections.map((section) => section.id)).size === content.sections.length,
    "Разделы повторяются.",
  );

export type SectionTextsContent = z.infer<typeof sectionTextsContentSchema>;

/** A section's text in this content, if it has one. */
export const sectionTextOf = (content: SectionTextsContent, id: string): string | undefined =>
  content.sections.find((section) => section.id === id)?.text;

/**
 * Each of the default sections' texts as published (or the default's, for a section the content
 * lacks): what a page made of section texts renders, by section id.
 */
export const sectionTextsOrDefaults = (
  content: SectionTextsContent | undefined,
  defaults: SectionTextsContent,
): Record<string, string> =>
  Object.fromEntries(
    defaults.sections.map((section) => [
      section.id,
      (content && sectionTextOf(content, section.id)) ?? section.text,
    ]),
  );
