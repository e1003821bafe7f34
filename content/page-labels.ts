/**
 * Headings and labels of the pages' own structure (section titles, table column headings) that
 * the content modules do not hold, so that no title is typed into a component.
 */
export const contactsPageLabels = {
  phoneTitle: "Телефон",
  staffTitle: "Сотрудники",
  staffCaption: "Сотрудники: должность, электронная почта, ФИО и\u00A0добавочный номер",
  extensionHint: "Добавочный номер набирается после основного номера",
  columns: {
    role: "Должность",
    email: "Электронная почта",
    fullName: "ФИО",
    extension: "Доб.",
  },
  addressTitle: "Адрес и\u00A0режим работы",
  mapTitle: "Как нас найти",
} as const;

export const priceTableLabels = {
  package: "Пакет",
  service: "Услуга",
  pricePerSampleWithVat: "Цена за\u00A0образец, с\u00A0НДС",
  priceWithVat: "Цена, с\u00A0НДС",
  price: "Цена",
  period: "Срок",
  sample: "Образец",
} as const;

/** What a visitor calls each download format on /applications. */
export const formDownloadLabels = {
  action: "Скачать в",
  programs: { DOCX: "Word", XLSX: "Excel", PDF: "PDF" } as Record<string, string>,
} as const;

export const certificateLinkLabel = "Открыть изображение аттестата";

/** Appended, visually hidden, to links that open a new tab. */
export const newTabNote = "(откроется в\u00A0новой вкладке)";

/** The home page's banner headline, exactly as the specification gives it. */
export const homeBannerTitle = "РАБОТАЕМ С ВАМИ БОЛЕЕ 60 ЛЕТ";

/**
 * What people come to the site for, named on the home page's first screen under its headline
 * (issue 44), as gosuslugi.ru and GOV.UK open with the tasks; the phone is added from the
 * published contacts.
 */
export const homeTasks = {
  label: "Чем мы можем помочь",
  links: [
    { href: "/services", label: "Услуги и цены" },
    { href: "/appeals", label: "Подать обращение" },
    { href: "/contacts", label: "Контакты" },
    { href: "/search", label: "Поиск по сайту" },
  ],
  phoneLabel: "Телефон",
} as const;
