import { homeSections } from "../../../content/home-sections.ts";
import {
  type SectionTextValues,
  sectionFieldName,
} from "../../../domain/site-content/section-texts-form.ts";
import type { FormErrors } from "../../../domain/site-content/site-form.ts";
import { Textarea } from "../../components/staff/textarea/textarea.tsx";
import { markupHint } from "./news-editor.tsx";

/** A home section's title by its anchor (the sections themselves are the page's). */
export const homeSectionTitle = (id: string) =>
  homeSections.find((section) => section.id === id)?.title ?? id;

/**
 * The home page's section texts in the shared editor form (site-editor-form.tsx): one textarea
 * per section, in the page's order, in the small markup. Plain HTML: works without JavaScript.
 */
export function HomeTextsFields({
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
            label={`Раздел «${homeSectionTitle(section.id)}»`}
            required
            rows={8}
            maxLength={10000}
            defaultValue={section.text}
            error={errors?.byField[sectionFieldName(index, "text")]}
          />
        </div>
      ))}
    </>
  );
}
