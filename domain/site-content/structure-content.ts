/**
 * The structure page's parts staff edit (issue 28): the director's position, name and biography
 * (a paragraph a line), and the organisation chart's picture (an uploaded JPEG, PNG or WebP, or
 * the build's SVG) with its text alternative, each with the sample note the page shows until the
 * organisation supplies its own (empty: none). The chart drawn in HTML stays the build's. The
 * same schema checks the build's defaults (content/director.ts, content/organisation-chart.ts),
 * a posted form and a stored edition.
 */
import { z } from "zod";
import { fileAddressSchema, isSiteFileAddress, uploadedFileSchema } from "./site-files.ts";
import { requiredText, typedText } from "./typed-text.ts";

export const chartImageFormats = ["JPEG", "PNG", "WEBP"] as const;

export const structureContentSchema = z.object({
  director: z.object({
    position: requiredText(200, "Укажите должность руководителя."),
    fullName: requiredText(200, "Укажите фамилию, имя и отчество."),
    sampleNotice: typedText(300),
    biography: z
      .array(requiredText(2000, "Уберите пустой абзац."))
      .min(1, "Напишите биографию: хотя бы один абзац.")
      .max(30, "Не больше 30 абзацев."),
  }),
  chart: z
    .object({
      sampleNotice: typedText(300),
      href: fileAddressSchema,
      alt: requiredText(1000, "Опишите схему словами: её увидят те, кто не видит картинку."),
      file: uploadedFileSchema
        .refine((file) => (chartImageFormats as readonly string[]).includes(file.format), {
          message: "Схема — это картинка JPEG, PNG или WEBP.",
        })
        .optional(),
    })
    .superRefine((chart, context) => {
      if (isSiteFileAddress(chart.href) !== (chart.file !== undefined)) {
        context.addIssue({ code: "custom", path: ["href"], message: "Загрузите файл ещё раз." });
      }
    }),
});

export type StructureContent = z.infer<typeof structureContentSchema>;
