/** What one edition of the home page's section texts changed, section by section («История»). */
import type { SectionTextsContent } from "../../../domain/site-content/section-texts-content.ts";
import type { FieldChange } from "./field-change.ts";
import { homeSectionTitle } from "./home-texts-editor.tsx";

export function homeTextsChanges(
  before: SectionTextsContent,
  after: SectionTextsContent,
): FieldChange[] {
  return after.sections.flatMap((section) => {
    const was = before.sections.find((earlier) => earlier.id === section.id)?.text ?? "";
    return was === section.text
      ? []
      : [{ what: `Раздел «${homeSectionTitle(section.id)}»`, before: was, after: section.text }];
  });
}
