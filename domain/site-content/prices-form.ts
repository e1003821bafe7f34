/**
 * The prices' editor as a plain form (no JavaScript): the group's texts by name (`legalTitle`),
 * each package of a list as `lp<i>.<field>` (legal entities) or `ip<i>.<field>` (private
 * persons), terms and conditions as a textarea of lines. Read back into values (shown again as
 * typed when something is wrong) and into checked content; list buttons name their list
 * (`add:lp`, `remove:ip:1`).
 */
import {
  type IndividualPackage,
  type LegalPackage,
  maxPackages,
  type PricesContent,
  pricesContentSchema,
} from "./prices-content.ts";
import {
  applyListChange,
  formErrorsOf,
  freeId,
  linesOf,
  type PageForm,
  readListChange,
  readRows,
  rublesOf,
} from "./site-form.ts";

type Texts<Item> = { [field in keyof Item]: string };

type LegalPackageValues = Texts<LegalPackage>;
type IndividualPackageValues = Texts<Omit<IndividualPackage, "extra">> & {
  extraName: string;
  extraPrice: string;
};

export type PricesFormValues = {
  legalTitle: string;
  legalSubtitle: string;
  vatNote: string;
  /** One term a line. */
  terms: string;
  legal: LegalPackageValues[];
  samplingTitle: string;
  samplingUnit: string;
  samplingPrice: string;
  samplingConditions: string;
  individualsTitle: string;
  individuals: IndividualPackageValues[];
};

const scalarFields = [
  "legalTitle",
  "legalSubtitle",
  "vatNote",
  "terms",
  "samplingTitle",
  "samplingUnit",
  "samplingPrice",
  "samplingConditions",
  "individualsTitle",
] as const;

const legalFields = ["id", "name", "price", "note"] as const;
const individualFields = [
  "id",
  "name",
  "price",
  "included",
  "period",
  "sample",
  "extraName",
  "extraPrice",
] as const;

/** The lists of the form: `lp` legal entities' packages, `ip` private persons'. */
export const priceLists = { lp: "legal", ip: "individuals" } as const;

export const priceFieldName = (list: keyof typeof priceLists, index: number, field: string) =>
  `${list}${index}.${field}`;

export function priceFormValues(content: PricesContent): PricesFormValues {
  const { legalEntities: legal, individuals } = content;
  return {
    legalTitle: legal.title,
    legalSubtitle: legal.subtitle,
    vatNote: legal.vatNote,
    terms: legal.terms.join("\n"),
    legal: legal.packages.map((item) => ({ ...item, price: String(item.price) })),
    samplingTitle: legal.sampling.title,
    samplingUnit: legal.sampling.unit,
    samplingPrice: String(legal.sampling.price),
    samplingConditions: legal.sampling.conditions.join("\n"),
    individualsTitle: individuals.title,
    individuals: individuals.packages.map(({ extra, ...item }) => ({
      ...item,
      price: String(item.price),
      extraName: extra?.name ?? "",
      extraPrice: extra ? String(extra.price) : "",
    })),
  };
}

/** The fields a browser posts for these values. */
export function priceFormFields(values: PricesFormValues): Record<string, string> {
  const fields: Record<string, string> = {
    lpcount: String(values.legal.length),
    ipcount: String(values.individuals.length),
  };
  for (const field of scalarFields) fields[field] = values[field];
  values.legal.forEach((item, index) => {
    for (const field of legalFields) fields[priceFieldName("lp", index, field)] = item[field];
  });
  values.individuals.forEach((item, index) => {
    for (const field of individualFields) fields[priceFieldName("ip", index, field)] = item[field];
  });
  return fields;
}

const readList = <Field extends string>(
  fields: URLSearchParams,
  list: keyof typeof priceLists,
  names: readonly Field[],
) =>
  readRows(fields, list, names, {
    max: maxPackages,
    nameOf: (name, index, field) => priceFieldName(name as keyof typeof priceLists, index, field),
  });

export function readPriceValues(fields: URLSearchParams): PricesFormValues {
  const text = (name: string) => fields.get(name) ?? "";
  return {
    ...(Object.fromEntries(scalarFields.map((field) => [field, text(field)])) as Record<
      (typeof scalarFields)[number],
      string
    >),
    legal: readList(fields, "lp", legalFields),
    individuals: readList(fields, "ip", individualFields),
  };
}

/** Where a complaint of the schema belongs in the form. */
function nameOf(path: readonly PropertyKey[]): string | undefined {
  const [group, part, index, field, sub] = path;
  if (group === "legalEntities") {
    if (part === "packages" && typeof index === "number" && typeof field === "string") {
      return priceFieldName("lp", index, field);
    }
    if (part === "sampling" && typeof index === "string") {
      const names: Record<string, string> = {
        title: "samplingTitle",
        unit: "samplingUnit",
        price: "samplingPrice",
        conditions: "samplingConditions",
      };
      return names[index];
    }
    const names: Record<string, string> = {
      title: "legalTitle",
      subtitle: "legalSubtitle",
      vatNote: "vatNote",
      terms: "terms",
    };
    return typeof part === "string" ? names[part] : undefined;
  }
  if (group === "individuals") {
    if (part === "title") return "individualsTitle";
    if (part === "packages" && typeof index === "number" && typeof field === "string") {
      const name = field === "extra" ? (sub === "price" ? "extraPrice" : "extraName") : field;
      return priceFieldName("ip", index, name);
    }
  }
  return undefined;
}

export function checkPriceValues(values: PricesFormValues) {
  const parsed = pricesContentSchema.safeParse({
    legalEntities: {
      title: values.legalTitle,
      subtitle: values.legalSubtitle,
      vatNote: values.vatNote,
      packages: values.legal.map((item) => ({ ...item, price: rublesOf(item.price) })),
      terms: linesOf(values.terms),
      sampling: {
        title: values.samplingTitle,
        unit: values.samplingUnit,
        price: rublesOf(values.samplingPrice),
        conditions: linesOf(values.samplingConditions),
      },
    },
    individuals: {
      title: values.individualsTitle,
      packages: values.individuals.map(({ extraName, extraPrice, ...item }) => ({
        ...item,
        price: rublesOf(item.price),
        // No extra service when both its fields are empty.
        extra:
          extraName.trim() === "" && extraPrice.trim() === ""
            ? null
            : { name: extraName, price: rublesOf(extraPrice) },
      })),
    },
  });
  if (parsed.success) return { ok: true as const, content: parsed.data };
  return { ok: false as const, errors: formErrorsOf(parsed.error.issues, nameOf) };
}

const labels: Record<string, string> = {
  legalTitle: "Юридическим лицам: заголовок",
  legalSubtitle: "Юридическим лицам: что в таблице",
  vatNote: "Юридическим лицам: примечание о НДС",
  terms: "Юридическим лицам: условия",
  samplingTitle: "Отбор проб: название",
  samplingUnit: "Отбор проб: за что цена",
  samplingPrice: "Отбор проб: цена",
  samplingConditions: "Отбор проб: условия",
  individualsTitle: "Частным лицам: заголовок",
  name: "название",
  price: "цена",
  note: "срок или состав",
  included: "что входит",
  period: "срок",
  sample: "образец",
  extraName: "дополнительная услуга",
  extraPrice: "цена дополнительной услуги",
};

export const pricesForm: PageForm<PricesContent, PricesFormValues> = {
  valuesOf: priceFormValues,
  read: readPriceValues,
  change(values, intent) {
    const change = readListChange(intent);
    if (change?.list !== "lp" && change?.list !== "ip") return undefined;
    const key = priceLists[change.list];
    const names = change.list === "lp" ? legalFields : individualFields;
    // A new package: every field empty, an id of its own.
    const make = (taken: readonly { id: string }[]) => ({
      ...Object.fromEntries(names.map((field) => [field, ""])),
      id: freeId("package", taken),
    });
    return {
      ...values,
      [key]: applyListChange<{ id: string }>(values[key], change, { max: maxPackages, make }),
    };
  },
  check: checkPriceValues,
  place(name) {
    const item = /^(lp|ip)(\d+)\.(\w+)$/.exec(name);
    if (!item) return { id: `prices-${name}`, label: labels[name] ?? name };
    const [, list, index = "0", field = ""] = item;
    const group = list === "lp" ? "Юридическим лицам" : "Частным лицам";
    return {
      id: `${list}${index}-${field}`,
      label: `${group}, пакет ${Number(index) + 1}, ${labels[field] ?? field}`,
    };
  },
};
