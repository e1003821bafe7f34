/**
 * The price packages of /services/special_offer as staff edit them (issue 28): typed fields,
 * never markup. Two groups as the page shows them: packages for legal entities (a table, with
 * the terms under it and the sampling trip's price) and for private persons (a card each, with
 * what is analysed, the period, what to bring and an optional extra service). The same schema
 * checks the build's defaults (content/price-list.ts), a posted form and a stored edition.
 */
import { z } from "zod";
import { itemIdPattern } from "../text/patterns.ts";
import { requiredText, roubles, typedText } from "./typed-text.ts";

export const maxPackages = 30;

const packageId = z.string().regex(itemIdPattern, "Неверный идентификатор пакета.");
const price = roubles("цену");

/** Lines of text, each a term or a condition of its own (one a line in the editor). */
const lines = (max: number) =>
  z.array(requiredText(300, "Уберите пустую строку.")).max(max, `Не больше ${max} строк.`);

const legalPackageSchema = z.object({
  id: packageId,
  name: requiredText(200, "Укажите название пакета."),
  price,
  /** What is included or the period, in a few words under the name ('Срок — до 3 рабочих дней'). */
  note: typedText(300),
});
export type LegalPackage = z.infer<typeof legalPackageSchema>;

export const individualPackageSchema = z.object({
  id: packageId,
  name: requiredText(200, "Укажите название пакета."),
  price,
  /** What is analysed ('Анализ воды'). */
  included: typedText(200),
  /** How long it takes ('3–5 дней'). */
  period: requiredText(100, "Укажите срок исследования."),
  /** What to bring ('Для анализа нужно 1,5 литра воды.'). */
  sample: requiredText(500, "Укажите, что нужно для анализа."),
  /** An optional service beside the package ('Рекомендации (по желанию)'), with its price. */
  extra: z.object({ name: requiredText(200, "Укажите название услуги."), price }).nullable(),
});
export type IndividualPackage = z.infer<typeof individualPackageSchema>;

const distinctIds = (packages: readonly { id: string }[]) =>
  new Set(packages.map((item) => item.id)).size === packages.length;

export const pricesContentSchema = z.object({
  legalEntities: z.object({
    title: requiredText(100, "Укажите заголовок группы."),
    /** What the table prices ('Анализ кормов'), in its caption. */
    subtitle: requiredText(200, "Укажите, что в таблице."),
    /** Said after the subtitle ('Все цены указаны с учётом НДС.'). */
    vatNote: typedText(300),
    packages: z
      .array(legalPackageSchema)
      .min(1, "Оставьте хотя бы один пакет.")
      .max(maxPackages, `Не больше ${maxPackages} пакетов.`)
      .refine(distinctIds, "Пакеты повторяются."),
    /** Under the table: the discount, the research period. */
    terms: lines(10),
    sampling: z.object({
      title: requiredText(200, "Укажите название услуги."),
      /** 'за 1 образец'. */
      unit: typedText(100),
      price,
      conditions: lines(10),
    }),
  }),
  individuals: z.object({
    title: requiredText(100, "Укажите заголовок группы."),
    packages: z
      .array(individualPackageSchema)
      .max(maxPackages, `Не больше ${maxPackages} пакетов.`)
      .refine(distinctIds, "Пакеты повторяются."),
  }),
});

export type PricesContent = z.infer<typeof pricesContentSchema>;
