import assert from "node:assert/strict";
import { test } from "node:test";
import { defaultPrices } from "../../../content/price-list.ts";
import { priceChanges } from "./price-changes.ts";

const plain = (text: string) => text.replaceAll("\u00a0", " ");

test("the history names a changed price, a package added and removed, and new terms", () => {
  const [expert, ...rest] = defaultPrices.legalEntities.packages;
  const [well, garden] = defaultPrices.individuals.packages;
  assert.ok(expert && well && garden);
  const after = {
    legalEntities: {
      ...defaultPrices.legalEntities,
      packages: [{ ...expert, price: 2300 }, ...rest],
      terms: ["Скидка 5 %."],
    },
    individuals: {
      ...defaultPrices.individuals,
      packages: [garden, { ...well, id: "lake", name: "Пакет «Озеро»", extra: null }],
    },
  };
  const changes = priceChanges(defaultPrices, after).map((change) =>
    plain(`${change.what}: ${change.before} → ${change.after}`),
  );
  assert.deepEqual(changes, [
    "Цены: Условия: Скидка 10 % при одновременной сдаче более 10 образцов. Срок проведения исследований — до 10 рабочих дней. → Скидка 5 %.",
    "Пакет № 1 «Эксперт»: Цена: 2 106 ₽ → 2 300 ₽",
    "Пакет добавлен (частным лицам):  → Пакет «Озеро»",
    "Пакет удалён (частным лицам): Пакет «Скважина» → ",
  ]);
  assert.deepEqual(priceChanges(after, after), []);
});
