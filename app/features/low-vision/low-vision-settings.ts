/**
 * The settings of the version for the visually impaired ('Версия для слабовидящих'), as the
 * panel shows them. The first option of each is its default. The browser scripts get only the
 * keys and values (`lowVisionSpec`); each chosen value becomes an attribute on <html>
 * (data-lv-size="200"), which the CSS (low-vision.css) reads.
 */
export const lowVisionSettings = [
  {
    key: "size",
    legend: "Размер шрифта",
    options: [
      { value: "100", label: "Обычный" },
      { value: "150", label: "Крупный (150 %)" },
      { value: "200", label: "Самый крупный (200 %)" },
    ],
  },
  {
    key: "scheme",
    legend: "Цвета",
    options: [
      { value: "bw", label: "Чёрный текст на белом фоне" },
      { value: "wb", label: "Белый текст на чёрном фоне" },
      { value: "blue", label: "Тёмно-синий текст на голубом фоне" },
      { value: "brown", label: "Коричневый текст на бежевом фоне" },
      { value: "green", label: "Зелёный текст на тёмно-коричневом фоне" },
    ],
  },
  {
    key: "images",
    legend: "Изображения",
    options: [
      { value: "on", label: "Показывать" },
      { value: "off", label: "Скрыть, показать описание" },
      { value: "grey", label: "Чёрно-белые" },
    ],
  },
  {
    key: "spacing",
    legend: "Расстояние между буквами",
    options: [
      { value: "normal", label: "Обычное" },
      { value: "wide", label: "Увеличенное" },
      { value: "widest", label: "Большое" },
    ],
  },
  {
    key: "line",
    legend: "Межстрочный интервал",
    options: [
      { value: "normal", label: "Обычный" },
      { value: "1.5", label: "Полуторный" },
      { value: "2", label: "Двойной" },
    ],
  },
  {
    key: "font",
    legend: "Шрифт",
    options: [
      { value: "sans", label: "Без засечек" },
      { value: "serif", label: "С засечками" },
    ],
  },
] as const;

export const lowVisionTexts = {
  toggle: "Версия для слабовидящих",
  panelTitle: "Настройки версии для слабовидящих",
  reset: "Сбросить настройки",
  normal: "Обычная версия",
  close: "Закрыть настройки",
} as const;

/** What the browser scripts need: the storage key and each setting's allowed values. */
export type LowVisionSpec = {
  storageKey: string;
  settings: { key: string; values: string[] }[];
};

export const lowVisionSpec: LowVisionSpec = {
  storageKey: "low-vision",
  settings: lowVisionSettings.map((setting) => ({
    key: setting.key,
    values: setting.options.map((option) => option.value),
  })),
};
