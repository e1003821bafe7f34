import type { DocumentsContent } from "../domain/site-content/file-lists-content.ts";
import { sampleValues } from "./sample-values.ts";
import type { Accreditation, DocumentGroup } from "./schema.ts";

/** The heading of /documents, as the specification gives it. */
export const documentsHeading = "Находится в процессе обновления";

/**
 * The page shows each document's address with the site's address before the path
 * ('agrochem-kirov.example/docs/ustav.pdf'), as the specification asks.
 */
export function documentDisplayAddress(href: string): string {
  return `${sampleValues.siteAddress}${href}`;
}

/** The five groups of document links of /documents. Every file is a PDF under public/docs/. */
export const documentGroups = [
  {
    id: "staff",
    title: "Документы учреждения",
    documents: [
      { title: "Устав", href: "/docs/ustav.pdf" },
      { title: "Кодекс этики и служебного поведения работников", href: "/docs/kodeks-etiki.pdf" },
    ],
  },
  {
    id: "labour-protection",
    title: "Охрана труда",
    documents: [
      { title: "Политика в области охраны труда", href: "/docs/okhrana-truda-politika.pdf" },
      {
        title: "Сводная ведомость результатов специальной оценки условий труда",
        href: "/docs/sout-svodnaya-vedomost.pdf",
      },
    ],
  },
  {
    id: "antitrust-compliance",
    title: "Антимонопольный комплаенс",
    documents: [
      {
        title: "Положение об антимонопольном комплаенсе",
        href: "/docs/antimonopolnyj-komplaens-polozhenie.pdf",
      },
      {
        title: "Карта комплаенс-рисков нарушения антимонопольного законодательства",
        href: "/docs/antimonopolnyj-komplaens-karta-riskov.pdf",
      },
      {
        title: "Доклад об антимонопольном комплаенсе",
        href: "/docs/antimonopolnyj-komplaens-doklad.pdf",
      },
    ],
  },
  {
    id: "anti-corruption",
    title: "Противодействие коррупции",
    documents: [
      { title: "Антикоррупционная политика", href: "/docs/antikorrupcionnaya-politika.pdf" },
      {
        title: "Положение о предотвращении и урегулировании конфликта интересов",
        href: "/docs/konflikt-interesov.pdf",
      },
      {
        title: "План мероприятий по противодействию коррупции",
        href: "/docs/plan-protivodejstviya-korrupcii.pdf",
      },
    ],
  },
  {
    id: "sme-procurement",
    title: "Закупки у субъектов малого и среднего предпринимательства",
    documents: [
      {
        title:
          "Перечень товаров, работ, услуг, закупки которых осуществляются у субъектов малого и среднего предпринимательства",
        href: "/docs/zakupki-msp-perechen.pdf",
      },
      {
        title: "Отчёт об объёме закупок у субъектов малого и среднего предпринимательства",
        href: "/docs/zakupki-msp-otchet.pdf",
      },
    ],
  },
] satisfies DocumentGroup[];

/** The documents as the editor and the published editions take them (decision 0036). */
export const defaultDocuments: DocumentsContent = { groups: documentGroups };

/** The testing centre's accreditation note with the public register and the certificate image. */
export const accreditation = {
  title: "Аккредитация испытательного центра",
  paragraphs: [
    `Испытательный центр аккредитован в национальной системе аккредитации. Номер записи в реестре аккредитованных лиц — ${sampleValues.accreditationNumber}.`,
    "Сведения об аккредитации, области аккредитации и её статусе можно проверить в открытом реестре Росаккредитации.",
  ],
  register: {
    href: "https://pub.fsa.gov.ru/ral",
    label: "Реестр аккредитованных лиц Росаккредитации",
  },
  certificate: {
    src: "/images/accreditation-certificate-sample.svg",
    alt: "Образец аттестата аккредитации испытательного центра. Официальное изображение будет размещено учреждением.",
    width: 595,
    height: 842,
  },
} satisfies Accreditation;
