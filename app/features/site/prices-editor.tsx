import type { ReactNode } from "react";
import { inputConstraints } from "../../../domain/forms/input-constraints.ts";
import { pricesContentSchema } from "../../../domain/site-content/prices-content.ts";
import { type PricesFormValues, priceFieldName } from "../../../domain/site-content/prices-form.ts";
import type { FormErrors } from "../../../domain/site-content/site-form.ts";
import { TextInput } from "../../components/staff/field/field.tsx";
import { Textarea } from "../../components/staff/textarea/textarea.tsx";
import { AddItemButton, ListItemFieldset } from "./list-buttons.tsx";
import type { EditorPart } from "./site-editor-form.tsx";

/** The prices editor's parts for its contents list: its three fieldsets. */
export const pricesParts = (): EditorPart[] => [
  { id: "prices-part-legal", title: "Юридическим лицам" },
  { id: "prices-part-sampling", title: "Отбор проб" },
  { id: "prices-part-individuals", title: "Частным лицам" },
];

/** A field's limits, as pricesContentSchema checks them on the server. */
const checked = (...path: string[]) => inputConstraints(pricesContentSchema, ...path);
/** A package's field, of the legal entities' list (`lp`) or the private persons' (`ip`). */
const packageField = (list: "lp" | "ip", field: string) =>
  checked(list === "lp" ? "legalEntities" : "individuals", "packages", field);

const priceHint = "Целым числом рублей, например 2106";
const linesHint = "Каждое с новой строки";

/**
 * The prices' fields in the shared editor form (site-editor-form.tsx): the legal entities'
 * packages with their terms and the sampling trip, then the private persons' packages. Each
 * package can be moved, removed and added (the form comes back changed, nothing is stored).
 */
export function PricesFields({
  values,
  errors,
}: {
  values: PricesFormValues;
  errors: FormErrors | undefined;
}) {
  /** A field of the form's own (not of a package): its control's props. */
  const field = (name: keyof PricesFormValues & string, label: string) => ({
    id: `prices-${name}`,
    name,
    label,
    defaultValue: values[name] as string,
    error: errors?.byField[name],
  });
  /** A field of one package. */
  const item: PackageField = (list, index, name, label, value) => ({
    id: `${list}${index}-${name}`,
    name: priceFieldName(list, index, name),
    label,
    defaultValue: value,
    error: errors?.byField[priceFieldName(list, index, name)],
  });
  return (
    <>
      <input type="hidden" name="lpcount" value={values.legal.length} />
      <input type="hidden" name="ipcount" value={values.individuals.length} />
      <fieldset id="prices-part-legal" className="staff-form staff-stack">
        <legend>Юридическим лицам</legend>
        <TextInput
          {...field("legalTitle", "Заголовок группы")}
          {...checked("legalEntities", "title")}
        />
        <TextInput
          {...field("legalSubtitle", "Что в таблице")}
          {...checked("legalEntities", "subtitle")}
        />
        <TextInput
          {...field("vatNote", "Примечание о НДС")}
          hint="Необязательно"
          {...checked("legalEntities", "vatNote")}
        />
        {values.legal.map((pricePackage, index) => (
          <PackageFieldset
            key={pricePackage.id}
            list="lp"
            index={index}
            count={values.legal.length}
            pricePackage={pricePackage}
            priceLabel="Цена за образец, ₽ с НДС"
            item={item}
          >
            <TextInput
              {...item("lp", index, "note", "Что входит или срок", pricePackage.note)}
              hint="Необязательно: показывается под названием"
              {...packageField("lp", "note")}
            />
          </PackageFieldset>
        ))}
        <AddItemButton list="lp" label="Добавить пакет для юридических лиц" />
        <Textarea
          {...field("terms", "Условия под таблицей (скидки, сроки)")}
          hint={linesHint}
          rows={3}
        />
      </fieldset>
      <fieldset id="prices-part-sampling" className="staff-form staff-stack">
        <legend>Отбор проб</legend>
        <TextInput
          {...field("samplingTitle", "Название услуги")}
          {...checked("legalEntities", "sampling", "title")}
        />
        <TextInput
          {...field("samplingUnit", "За что цена")}
          hint="Например: за 1 образец"
          {...checked("legalEntities", "sampling", "unit")}
        />
        <TextInput
          {...field("samplingPrice", "Цена, ₽ с НДС")}
          hint={priceHint}
          inputMode="numeric"
          required
          short
        />
        <Textarea {...field("samplingConditions", "Условия")} hint={linesHint} rows={3} />
      </fieldset>
      <fieldset id="prices-part-individuals" className="staff-form staff-stack">
        <legend>Частным лицам</legend>
        <TextInput
          {...field("individualsTitle", "Заголовок группы")}
          {...checked("individuals", "title")}
        />
        {values.individuals.map((pricePackage, index) => (
          <PackageFieldset
            key={pricePackage.id}
            list="ip"
            index={index}
            count={values.individuals.length}
            pricePackage={pricePackage}
            priceLabel="Цена, ₽"
            item={item}
          >
            <TextInput
              {...item("ip", index, "included", "Что входит", pricePackage.included)}
              hint="Необязательно, например: Анализ воды"
              {...packageField("ip", "included")}
            />
            <TextInput
              {...item("ip", index, "period", "Срок", pricePackage.period)}
              {...packageField("ip", "period")}
            />
            <Textarea
              {...item(
                "ip",
                index,
                "sample",
                "Образец: что нужно для анализа",
                pricePackage.sample,
              )}
              rows={2}
              {...packageField("ip", "sample")}
            />
            <TextInput
              {...item("ip", index, "extraName", "Дополнительная услуга", pricePackage.extraName)}
              hint="Необязательно, например: Рекомендации (по желанию)"
              {...checked("individuals", "packages", "extra", "name")}
            />
            <TextInput
              {...item(
                "ip",
                index,
                "extraPrice",
                "Цена дополнительной услуги, ₽",
                pricePackage.extraPrice,
              )}
              hint="Необязательно"
              inputMode="numeric"
              short
            />
          </PackageFieldset>
        ))}
        <AddItemButton list="ip" label="Добавить пакет для частных лиц" />
      </fieldset>
    </>
  );
}

type PackageField = (
  list: "lp" | "ip",
  index: number,
  name: string,
  label: string,
  value: string,
) => { id: string; name: string; label: string; defaultValue: string; error: string | undefined };

/** One package of a list: its name and price, the group's own fields, the list buttons. */
function PackageFieldset({
  list,
  index,
  count,
  pricePackage,
  priceLabel,
  item,
  children,
}: {
  list: "lp" | "ip";
  index: number;
  count: number;
  pricePackage: { id: string; name: string; price: string };
  priceLabel: string;
  item: PackageField;
  children: ReactNode;
}) {
  return (
    <ListItemFieldset
      legend={`Пакет ${index + 1}${pricePackage.name ? `: ${pricePackage.name}` : ""}`}
      idField={{ name: priceFieldName(list, index, "id"), value: pricePackage.id }}
      buttons={{
        list,
        index,
        count,
        remove: "Удалить пакет",
        itemName: `${list === "lp" ? "юридическим лицам" : "частным лицам"}, пакет ${index + 1}`,
      }}
    >
      <TextInput
        {...item(list, index, "name", "Название", pricePackage.name)}
        {...packageField(list, "name")}
      />
      <TextInput
        {...item(list, index, "price", priceLabel, pricePackage.price)}
        hint={priceHint}
        inputMode="numeric"
        required
        short
      />
      {children}
    </ListItemFieldset>
  );
}
