/**
 * A page's section texts as a plain form (no JavaScript): one textarea per section, named
 * `s<i>.text`, the section's id posted beside it (hidden). The sections are the page's: none is
 * added, removed or moved here.
 */
import { type SectionTextsContent, sectionTextsContentSchema } from "./section-texts-content.ts";
import { type FormCheck, formErrorsOf, type PageForm, readRows } from "./site-form.ts";

export type SectionTextValues = { id: string; text: string };

export const sectionFieldName = (index: number, field: string) => `s${index}.${field}`;

/** The field that edits the content at `path`. */
const nameAt = ([list, index, field]: readonly PropertyKey[]) =>
  list === "sections" && typeof index === "number" && typeof field === "string"
    ? sectionFieldName(index, field)
    : undefined;

function checkSectionTexts(values: readonly SectionTextValues[]): FormCheck<SectionTextsContent> {
  const parsed = sectionTextsContentSchema.safeParse({ sections: values });
  if (parsed.success) return { ok: true, content: parsed.data };
  return { ok: false, errors: formErrorsOf(parsed.error.issues, nameAt) };
}

export const sectionTextsForm: PageForm<SectionTextsContent, SectionTextValues[]> = {
  valuesOf: (content) => content.sections.map((section) => ({ ...section })),
  read: (posted) =>
    readRows(posted, "s", ["id", "text"] as const, {
      max: 20,
      nameOf: (_list, index, field) => sectionFieldName(index, field),
    }),
  // No list buttons: the page's sections are fixed.
  change: () => undefined,
  check: checkSectionTexts,
  nameAt,
  place(name) {
    const [, index = "0"] = /^s(\d+)\.(\w+)$/.exec(name) ?? [];
    return { id: `section-${index}-text`, label: `Раздел ${Number(index) + 1}, текст` };
  },
};
