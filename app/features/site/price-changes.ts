/**
 * What one edition of the prices changed against the one before, in words («История»,
 * decision 0031): the groups' texts, each package added, removed or changed field by field, a
 * new order of packages.
 */
import { formatRubles } from "../../../content/format.ts";
import type {
  IndividualPackage,
  LegalPackage,
  PricesContent,
} from "../../../domain/site-content/prices-content.ts";
import { changedFields, type FieldChange, listChanges } from "./field-change.ts";

const textsOf = ({ legalEntities: legal, individuals }: PricesContent) => [
  { label: "Юридическим лицам, заголовок", value: legal.title },
  { label: "Что в таблице", value: legal.subtitle },
  { label: "Примечание о НДС", value: legal.vatNote },
  { label: "Условия", value: legal.terms.join(" ") },
  { label: "Отбор проб", value: legal.sampling.title },
  { label: "Отбор проб, за что цена", value: legal.sampling.unit },
  { label: "Отбор проб, цена", value: formatRubles(legal.sampling.price) },
  { label: "Отбор проб, условия", value: legal.sampling.conditions.join(" ") },
  { label: "Частным лицам, заголовок", value: individuals.title },
];

const legalFields = (item: LegalPackage) => [
  { label: "Название", value: item.name },
  { label: "Цена", value: formatRubles(item.price) },
  { label: "Что входит или срок", value: item.note },
];

const individualFields = (item: IndividualPackage) => [
  { label: "Название", value: item.name },
  { label: "Цена", value: formatRubles(item.price) },
  { label: "Что входит", value: item.included },
  { label: "Срок", value: item.period },
  { label: "Образец", value: item.sample },
  {
    label: "Дополнительная услуга",
    value: item.extra ? `${item.extra.name}: ${formatRubles(item.extra.price)}` : "",
  },
];

const words = (group: string) => ({
  nameOf: (item: { name: string }) => item.name,
  added: `Пакет добавлен (${group})`,
  removed: `Пакет удалён (${group})`,
  order: `Порядок пакетов (${group})`,
});

export function priceChanges(before: PricesContent, after: PricesContent): FieldChange[] {
  return [
    ...changedFields("Цены", textsOf(before), textsOf(after)),
    ...listChanges(before.legalEntities.packages, after.legalEntities.packages, {
      ...words("юридическим лицам"),
      fields: legalFields,
    }),
    ...listChanges(before.individuals.packages, after.individuals.packages, {
      ...words("частным лицам"),
      fields: individualFields,
    }),
  ];
}
