import assert from "node:assert/strict";
import { test } from "node:test";
import { type PricesContent, pricesContentSchema } from "./prices-content.ts";
import {
  checkPriceValues,
  priceFieldName,
  priceFormFields,
  priceFormValues,
  pricesForm,
  readPriceValues,
} from "./prices-form.ts";

/** Prices shaped as the page's (domain/ stands below content/: its own sample here). */
const defaultPrices: PricesContent = {
  legalEntities: {
    title: "Организациям",
    subtitle: "Корма",
    vatNote: "С НДС.",
    packages: [
      { id: "a", name: "Пакет А", price: 2106, note: "" },
      { id: "b", name: "Пакет Б", price: 2280, note: "3 дня" },
    ],
    terms: ["Скидка 10 % при одновременной сдаче более 10 образцов."],
    sampling: {
      title: "Отбор проб силоса или сенажа",
      unit: "за 1 образец",
      price: 1320,
      conditions: ["Выезд специалиста — от 3 образцов."],
    },
  },
  individuals: {
    title: "Частным лицам",
    packages: ["well", "garden-bed"].map((id) => ({
      id,
      name: `Пакет ${id}`,
      price: 996,
      included: "Анализ",
      period: "3–5 дней",
      sample: "Для анализа нужно 1,5 литра воды.",
      extra: { name: "Рекомендации (по желанию)", price: 360 },
    })),
  },
};

const defaults = () => priceFormValues(defaultPrices);

test("the build's prices go through the form and back unchanged", () => {
  const read = readPriceValues(new URLSearchParams(priceFormFields(defaults())));
  assert.deepEqual(read, defaults());
  const checked = checkPriceValues(read);
  assert.ok(checked.ok);
  assert.deepEqual(checked.content, defaultPrices);
  assert.ok(pricesContentSchema.safeParse(defaultPrices).success);
});

test("a price typed with spaces or the sign is a number; terms are lines, empty ones dropped", () => {
  const values = defaults();
  const [first] = values.legal;
  assert.ok(first);
  first.price = "2 500 ₽";
  values.terms = "Скидка 5 %.\n\n  Срок — 7 дней. \r\n";
  const checked = checkPriceValues(values);
  assert.ok(checked.ok);
  assert.equal(checked.content.legalEntities.packages[0]?.price, 2500);
  assert.deepEqual(checked.content.legalEntities.terms, ["Скидка 5 %.", "Срок — 7 дней."]);
});

test("an extra service is none when both its fields are empty, refused when half filled", () => {
  const values = defaults();
  const [well, garden] = values.individuals;
  assert.ok(well && garden);
  well.extraName = "";
  well.extraPrice = "";
  garden.extraPrice = "";
  const checked = checkPriceValues(values);
  assert.ok(!checked.ok);
  assert.equal(checked.errors.byField["ip1.extraPrice"], "Укажите цену числом рублей.");
  garden.extraName = "";
  const fixed = checkPriceValues(values);
  assert.ok(fixed.ok);
  assert.equal(fixed.content.individuals.packages[0]?.extra, null);
});

test("each wrong field is named where it is on the form; a whole-list fault in the summary", () => {
  const values = defaults();
  values.legalTitle = " ";
  values.samplingPrice = "бесплатно";
  const [first] = values.legal;
  assert.ok(first);
  first.price = "0";
  first.name = "";
  const checked = checkPriceValues(values);
  assert.ok(!checked.ok);
  assert.deepEqual(checked.errors.byField, {
    legalTitle: "Укажите заголовок группы.",
    "lp0.name": "Укажите название пакета.",
    "lp0.price": "Укажите цену числом рублей больше нуля.",
    samplingPrice: "Укажите цену числом рублей.",
  });
  assert.deepEqual(pricesForm.place("lp0.price"), {
    id: "lp0-price",
    label: "Юридическим лицам, пакет 1, цена",
  });
  assert.deepEqual(pricesForm.place("samplingPrice"), {
    id: "prices-samplingPrice",
    label: "Отбор проб: цена",
  });
  const none = checkPriceValues({ ...defaults(), legal: [] });
  assert.ok(!none.ok);
  assert.deepEqual(none.errors.general, ["Оставьте хотя бы один пакет."]);
});

test("list buttons add, move and remove packages of the list they name, nothing else", () => {
  const values = defaults();
  const names = (list: { name: string }[]) => list.map((item) => item.name);
  const added = pricesForm.change(values, "add:ip");
  assert.equal(added?.individuals.length, 3);
  assert.equal(added?.individuals[2]?.id, "package-3");
  assert.deepEqual(added?.legal, values.legal);
  const moved = pricesForm.change(values, "down:lp:0");
  assert.deepEqual(names(moved?.legal ?? []).slice(0, 2), [
    values.legal[1]?.name,
    values.legal[0]?.name,
  ]);
  assert.equal(pricesForm.change(values, "remove:ip:0")?.individuals.length, 1);
  assert.equal(pricesForm.change(values, "add"), undefined, "the form has no unnamed list");
  assert.equal(pricesForm.change(values, "publish"), undefined);
  assert.equal(priceFieldName("ip", 1, "price"), "ip1.price");
});
