import type {
  ContactRow,
  ContactsContent,
  ShownContacts,
} from "../domain/site-content/contacts-content.ts";
import { organisation } from "./organisation.ts";
import { sampleValues } from "./sample-values.ts";
import type { LegalDetails } from "./schema.ts";

type Extension = keyof typeof sampleValues.contactExtensions;

/** Every row writes to the specification's {email} and shows its {name}; both are samples. */
function row(title: string, extension: Extension, bold = false): ContactRow {
  return {
    // 'deputyDirector' -> 'deputy-director': the row's stable id in the editor and its history.
    id: extension.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`),
    title,
    email: sampleValues.email,
    fullName: sampleValues.contactPersonName,
    extension: sampleValues.contactExtensions[extension],
    bold,
  };
}

/** The contacts table of /contacts in its three groups. Bold rows are heads of units. */
const contactGroups = [
  {
    id: "general",
    title: "Общие контакты",
    rows: [
      row("Директор", "director", true),
      row("Заместитель директора", "deputyDirector"),
      row("Приёмная", "reception"),
      row("Главный бухгалтер", "chiefAccountant", true),
      row("Экономист", "economist"),
      row("Специалист по кадрам", "personnel"),
      row("Юрисконсульт", "lawyer"),
    ],
  },
  {
    id: "testing-centre",
    title: "Испытательный центр",
    rows: [
      row("Руководитель испытательного центра", "testingCentreHead", true),
      row("Агрохимическая лаборатория", "agrochemicalLab"),
      row("Лаборатория анализа кормов и продукции растениеводства", "feedLab"),
      row("Эколого-токсикологическая и радиологическая лаборатория", "ecotoxLab"),
      row("Приём образцов", "sampleReception"),
    ],
  },
  {
    id: "agroecology-centre",
    title: "Центр агроэкологического мониторинга, проектирования и ГИС",
    rows: [
      row("Руководитель центра", "agroecologyCentreHead", true),
      row("Агроэкологический мониторинг", "monitoring"),
      row("Проектирование", "design"),
      row("Геоинформационные системы", "gis"),
    ],
  },
] satisfies ContactsContent["groups"];

const legal = sampleValues.legal;

/** The full legal details of /contacts and of the requisites file. All values are samples. */
export const legalDetails = {
  title: "Реквизиты",
  sampleNotice: "Образец реквизитов. Действующие реквизиты будут размещены учреждением.",
  groups: [
    {
      id: "name-and-address",
      title: "Наименование и адреса",
      rows: [
        { label: "Полное наименование", value: organisation.fullName },
        { label: "Сокращённое наименование", value: organisation.shortName },
        { label: "Юридический адрес", value: organisation.address },
        { label: "Фактический адрес", value: organisation.address },
        { label: "Телефон", value: organisation.phone.display },
        { label: "Электронная почта", value: organisation.email },
      ],
    },
    {
      id: "codes",
      title: "Коды",
      rows: [
        { label: "ИНН", value: legal.inn },
        { label: "КПП", value: legal.kpp },
        { label: "ОГРН", value: legal.ogrn },
        { label: "ОКПО", value: legal.okpo },
        { label: "ОКТМО", value: legal.oktmo },
        { label: "ОКВЭД", value: legal.okved },
      ],
    },
    {
      id: "bank",
      title: "Банковские реквизиты",
      rows: [
        {
          label: "Получатель",
          value: `УФК по Кировской области (${organisation.shortName}, л/с ${legal.personalAccount})`,
        },
        { label: "Казначейский счёт", value: legal.treasuryAccount },
        { label: "Единый казначейский счёт", value: legal.unifiedTreasuryAccount },
        { label: "БИК", value: legal.bik },
        { label: "Банк", value: legal.bankName },
      ],
    },
    {
      id: "director",
      title: "Руководитель",
      rows: [
        { label: "Директор", value: sampleValues.directorName },
        { label: "Основание полномочий", value: "действует на основании Устава" },
      ],
    },
  ],
  download: { label: "Скачать реквизиты", href: "/docs/rekvizity.docx" },
} satisfies LegalDetails;

const workingHoursIds = ["weekdays", "friday", "lunch"];

/**
 * The contacts as staff edit them (the phone, the address, the working hours, the table, the
 * legal details): the build's content, and the site's until staff publish an edition of their
 * own (decision 0029). Every value here is a sample the organisation must replace first.
 */
export const defaultContacts = {
  phone: organisation.phone.display,
  address: organisation.address,
  email: organisation.email,
  point: sampleValues.addressMap.point,
  workingHours: organisation.workingHours.map((row, index) => ({
    id: workingHoursIds[index] ?? `hours-${index + 1}`,
    ...row,
  })),
  groups: contactGroups,
  legal: {
    note: legalDetails.sampleNotice,
    groups: legalDetails.groups.map((group) => ({
      ...group,
      rows: group.rows.map((detail, index) => ({ id: `${group.id}-${index + 1}`, ...detail })),
    })),
  },
} satisfies ShownContacts;

/**
 * The contacts shown now: the published edition's (`undefined`: none published, the build's),
 * with what an edition stored before a field was editable lacks (the e-mail, the map's point)
 * taken from the build's. Every reader of the published contacts reads them through this one.
 */
export function shownContacts(published: ContactsContent | undefined): ShownContacts {
  if (!published) return defaultContacts;
  return {
    ...published,
    email: published.email ?? defaultContacts.email,
    point: published.point ?? defaultContacts.point,
  };
}
