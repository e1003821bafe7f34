/** What one edition of a page's section texts changed, section by section («История»). */
import type { SectionTextsContent } from "../../../domain/site-content/section-texts-content.ts";
import type { FieldChange } from "./field-change.ts";

export function sectionTextsChanges(titleOf: (id: string) => string) {
  return (before: SectionTextsContent, after: SectionTextsContent): FieldChange[] =>
    after.sections.flatMap((section) => {
      const was = before.sections.find((earlier) => earlier.id === section.id)?.text ?? "";
      return was === section.text
        ? []
        : [{ what: `Раздел «${titleOf(section.id)}»`, before: was, after: section.text }];
    });
}
