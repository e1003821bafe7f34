/** What one edition of the structure page changed against the one before, in words («История»). */
import { fileNameOf } from "../../../domain/site-content/site-files.ts";
import type { StructureContent } from "../../../domain/site-content/structure-content.ts";
import { changedFields, type FieldChange } from "./field-change.ts";

const fieldsOf = ({ director, chart }: StructureContent) => [
  { label: "Должность", value: director.position },
  { label: "Фамилия, имя, отчество", value: director.fullName },
  { label: "Биография", value: director.biography.join(" ") },
  { label: "Примечание об образце (руководитель)", value: director.sampleNotice },
  { label: "Картинка схемы", value: fileNameOf(chart.href) },
  { label: "Описание схемы", value: chart.alt },
  { label: "Примечание об образце (схема)", value: chart.sampleNotice },
];

export const structureChanges = (
  before: StructureContent,
  after: StructureContent,
): FieldChange[] => changedFields("Структура", fieldsOf(before), fieldsOf(after));
