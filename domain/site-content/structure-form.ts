/**
 * The structure page's editor as a plain form: its fields by name, the biography a paragraph a
 * line, the chart's picture as its address and facts in hidden fields with a file input beside
 * (`chartHref.upload`, JPEG, PNG or WebP; kept when the form is posted, decision 0036).
 */

import { factsTextOf, uploadedFileFactsOf } from "./site-files.ts";
import { formErrorsOf, linesOf, type PageForm } from "./site-form.ts";
import {
  chartImageFormats,
  type StructureContent,
  structureContentSchema,
} from "./structure-content.ts";

const structureFields = [
  "position",
  "fullName",
  "directorNotice",
  "biography",
  "chartNotice",
  "chartAlt",
  "chartHref",
  "chartFile",
] as const;

export type StructureFormValues = Record<(typeof structureFields)[number], string>;

export const chartUpload = "chartHref.upload";

const labels: Record<string, string> = {
  position: "Должность",
  fullName: "Фамилия, имя, отчество",
  directorNotice: "Примечание об образце (руководитель)",
  biography: "Биография",
  chartNotice: "Примечание об образце (схема)",
  chartAlt: "Описание схемы словами",
  [chartUpload]: "Картинка схемы",
};

/** Where a complaint of the schema belongs in the form. */
function nameOf(path: readonly PropertyKey[]): string | undefined {
  const [part, field] = path;
  const names: Record<string, Record<string, string>> = {
    director: {
      position: "position",
      fullName: "fullName",
      sampleNotice: "directorNotice",
      biography: "biography",
    },
    chart: { sampleNotice: "chartNotice", alt: "chartAlt", href: chartUpload, file: chartUpload },
  };
  return typeof part === "string" && typeof field === "string" ? names[part]?.[field] : undefined;
}

export const structureForm: PageForm<StructureContent, StructureFormValues> = {
  valuesOf: ({ director, chart }) => ({
    position: director.position,
    fullName: director.fullName,
    directorNotice: director.sampleNotice,
    biography: director.biography.join("\n"),
    chartNotice: chart.sampleNotice,
    chartAlt: chart.alt,
    chartHref: chart.href,
    chartFile: chart.file ? JSON.stringify(chart.file) : "",
  }),
  read: (fields) =>
    Object.fromEntries(
      structureFields.map((field) => [field, fields.get(field) ?? ""]),
    ) as StructureFormValues,
  change: () => undefined,
  check(values) {
    const file = uploadedFileFactsOf(values.chartFile);
    const parsed = structureContentSchema.safeParse({
      director: {
        position: values.position,
        fullName: values.fullName,
        sampleNotice: values.directorNotice,
        biography: linesOf(values.biography),
      },
      chart: {
        sampleNotice: values.chartNotice,
        href: values.chartHref,
        alt: values.chartAlt,
        ...(file ? { file } : {}),
      },
    });
    if (parsed.success) return { ok: true, content: parsed.data };
    return { ok: false, errors: formErrorsOf(parsed.error.issues, nameOf) };
  },
  nameAt: nameOf,
  place: (name) => ({ id: `structure-${name.replaceAll(".", "-")}`, label: labels[name] ?? name }),
  files: {
    accepts: (field) =>
      field === chartUpload ? { formats: chartImageFormats, label: "Картинка схемы" } : undefined,
    attach: (values, field, file) =>
      field === chartUpload
        ? {
            ...values,
            chartHref: file.href,
            chartFile: factsTextOf(file),
          }
        : values,
  },
};
