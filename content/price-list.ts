import type { PricesContent } from "../domain/site-content/prices-content.ts";

/**
 * Every package and price of /services/special_offer, exactly as the specification gives them:
 * the build's content, and the site's until staff publish an edition of their own (decision
 * 0029). Prices are whole roubles per sample; format them with `formatRubles` from ./format.ts.
 */
export const defaultPrices = {
  legalEntities: {
    title: "Юридическим лицам",
    subtitle: "Анализ кормов",
    vatNote: "Все цены указаны с учётом НДС.",
    packages: [
      { id: "expert", name: "Пакет № 1 «Эксперт»", price: 2106, note: "" },
      { id: "standard", name: "Пакет № 2 «Стандарт»", price: 3720, note: "" },
      { id: "basic", name: "Пакет № 3 «Основной»", price: 7200, note: "" },
      { id: "express", name: "Экспресс-анализ", price: 2280, note: "Срок — до 3 рабочих дней" },
      {
        id: "concentrated-feed",
        name: "Пакет № 4 — концентрированные корма",
        price: 3240,
        note: "",
      },
      { id: "winter", name: "Пакет № 5 «Зимний»", price: 2040, note: "" },
    ],
    terms: [
      "Скидка 10 % при одновременной сдаче более 10 образцов.",
      "Срок проведения исследований — до 10 рабочих дней.",
    ],
    sampling: {
      title: "Отбор проб силоса или сенажа",
      unit: "за 1 образец",
      price: 1320,
      conditions: [
        "Выезд специалиста — от 3 образцов.",
        "Транспортные расходы — по договорённости.",
      ],
    },
  },
  individuals: {
    title: "Частным лицам",
    packages: [
      {
        id: "well",
        name: "Пакет «Скважина»",
        price: 996,
        included: "Анализ воды",
        period: "3–5 дней",
        sample: "Для анализа нужно 1,5 литра воды.",
        extra: { name: "Рекомендации (по желанию)", price: 360 },
      },
      {
        id: "garden-bed",
        name: "Пакет «Грядка»",
        price: 996,
        included: "Анализ почвы",
        period: "3–5 дней",
        sample:
          "Для анализа нужно 200–300 г почвы, отобранной по диагонали участка с глубины 20–25 см.",
        extra: { name: "Рекомендации (по желанию)", price: 360 },
      },
    ],
  },
} satisfies PricesContent;
