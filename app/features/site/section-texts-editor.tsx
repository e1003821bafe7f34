import { inputConstraints } from "../../../domain/forms/input-constraints.ts";
import { sectionTextSchema } from "../../../domain/site-content/section-texts-content.ts";
import type { SectionTextValues } from "../../../domain/site-content/section-texts-form.ts";
import { sectionFieldName } from "../../../domain/site-content/section-texts-form.ts";
import type { FormErrors } from "../../../domain/site-content/site-form.ts";
import { Textarea } from "../../components/staff/textarea/textarea.tsx";
import { markupHint } from "./news-editor.tsx";
import type { EditorPart } from "./site-editor-form.tsx";

/** A section-texts editor's parts for its contents list: each section's textarea. */
export const sectionTextsParts =
  (titleOf: (id: string) => string) =>
  (values: readonly SectionTextValues[]): EditorPart[] =>
    values.map((section, index) => ({
      id: `section-${index}-text`,
      title: titleOf(section.id),
    }));

/**
 * A page's section texts in the shared editor form (site-editor-form.tsx): one textarea per
 * section, in the page's order, in the small markup, labelled by `titleOf` (the sections are the
 * page's: their titles are not edited here). Plain HTML: works without JavaScript.
 */
export function sectionTextsFields(titleOf: (id: string) => string) {
  return function SectionTextsFields({
    values,
    errors,
  }: {
    values: readonly SectionTextValues[];
    errors: FormErrors | undefined;
  }) {
    return (
      <>
        <input type="hidden" name="scount" value={values.length} />
        <p>{markupHint}</p>
        {values.map((section, index) => (
          <div key={section.id}>
            <input type="hidden" name={sectionFieldName(index, "id")} value={section.id} />
            <Textarea
              id={`section-${index}-text`}
              name={sectionFieldName(index, "text")}
              label={`Раздел «${titleOf(section.id)}»`}
              rows={8}
              {...inputConstraints(sectionTextSchema, "text")}
              defaultValue={section.text}
              error={errors?.byField[sectionFieldName(index, "text")]}
            />
          </div>
        ))}
      </>
    );
  };
}
