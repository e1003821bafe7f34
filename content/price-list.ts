import type { PriceList } from "./schema.ts";

/**
 * Every package and price of /services/special_offer, exactly as the specification gives them.
 * Prices are whole roubles per sample; format them with `formatRubles` from ./format.ts.
 */
export const priceList = {
  legalEntities: {
    title: "Юридическим лицам",
    subtitle: "Анализ кормов",
    vatNote: "Все цены указаны с учётом НДС.",
    packages: [
      { id: "expert", name: "Пакет № 1 «Эксперт»", price: 2106 },
      { id: "standard", name: "Пакет № 2 «Стандарт»", price: 3720 },
      { id: "basic", name: "Пакет № 3 «Основной»", price: 7200 },
      {
        id: "express",
        name: "Экспресс-анализ",
        price: 2280,
        note: "Срок — до 3 рабочих дней",
      },
      { id: "concentrated-feed", name: "Пакет № 4 — концентрированные корма", price: 3240 },
      { id: "winter", name: "Пакет № 5 «Зимний»", price: 2040 },
    ],
    discount: {
      percent: 10,
      minSamplesExclusive: 10,
      text: "Скидка 10 % при одновременной сдаче более 10 образцов.",
    },
    researchPeriod: {
      maxWorkingDays: 10,
      text: "Срок проведения исследований — до 10 рабочих дней.",
    },
    sampling: {
      title: "Отбор проб силоса или сенажа",
      price: 1320,
      unit: "за 1 образец",
      minSamplesForTrip: 3,
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
        period: "3–5 дней",
        sampleRequirement: "Для анализа нужно 1,5 литра воды.",
        note: "Анализ воды",
        recommendations: { name: "Рекомендации (по желанию)", price: 360 },
      },
      {
        id: "garden-bed",
        name: "Пакет «Грядка»",
        price: 996,
        period: "3–5 дней",
        sampleRequirement:
          "Для анализа нужно 200–300 г почвы, отобранной по диагонали участка с глубины 20–25 см.",
        note: "Анализ почвы",
        recommendations: { name: "Рекомендации (по желанию)", price: 360 },
      },
    ],
  },
} satisfies PriceList;
