import type { ApplicationsContent } from "../domain/site-content/file-lists-content.ts";
import type { ApplicationFormGroup } from "./schema.ts";

/**
 * The two lists of blank forms of /applications. Each form has an editable file (Excel for the
 * laboratory request, Word for the others) and the same form as PDF, all under public/forms/.
 */
export const applicationFormGroups = [
  {
    id: "testing-centre",
    title: "Испытательный центр",
    forms: [
      {
        id: "lab-research-request",
        title: "Заявка на проведение лабораторных исследований",
        editableHref: "/forms/zayavka-laboratornye-issledovaniya.xlsx",
        pdfHref: "/forms/zayavka-laboratornye-issledovaniya.pdf",
      },
    ],
  },
  {
    id: "agroecology-centre",
    title: "Центр агроэкологического мониторинга, проектирования и ГИС",
    forms: [
      {
        id: "agrochemical-survey",
        title: "Заявка на проведение агрохимического обследования земель",
        editableHref: "/forms/agrokhimicheskoe-obsledovanie.docx",
        pdfHref: "/forms/agrokhimicheskoe-obsledovanie.pdf",
      },
      {
        id: "by-product-plan",
        title: "Заявка на разработку плана внесения побочных продуктов животноводства",
        editableHref: "/forms/plan-vneseniya-pobochnykh-produktov.docx",
        pdfHref: "/forms/plan-vneseniya-pobochnykh-produktov.pdf",
      },
      {
        id: "cultivation-reclamation",
        title: "Заявка на разработку проекта культуртехнической мелиорации",
        editableHref: "/forms/kulturtekhnicheskaya-melioraciya.docx",
        pdfHref: "/forms/kulturtekhnicheskaya-melioraciya.pdf",
      },
      {
        id: "liming-phosphating",
        title:
          "Заявка на разработку проектно-сметной документации на известкование и фосфоритование почв",
        editableHref: "/forms/izvestkovanie-fosforitovanie.docx",
        pdfHref: "/forms/izvestkovanie-fosforitovanie.pdf",
      },
      {
        id: "disturbed-land-reclamation",
        title: "Заявка на разработку проекта рекультивации нарушенных земель",
        editableHref: "/forms/rekultivaciya-narushennykh-zemel.docx",
        pdfHref: "/forms/rekultivaciya-narushennykh-zemel.pdf",
      },
      {
        id: "farming-system",
        title: "Заявка на разработку системы земледелия",
        editableHref: "/forms/sistema-zemledeliya.docx",
        pdfHref: "/forms/sistema-zemledeliya.pdf",
      },
      {
        id: "perennial-plantings",
        title: "Заявка на разработку проекта закладки многолетних насаждений",
        editableHref: "/forms/mnogoletnie-nasazhdeniya.docx",
        pdfHref: "/forms/mnogoletnie-nasazhdeniya.pdf",
      },
      {
        id: "crematorium-ash",
        title: "Заявка на разработку технических условий на золу крематория",
        editableHref: "/forms/tekhnicheskie-usloviya-zola.docx",
        pdfHref: "/forms/tekhnicheskie-usloviya-zola.pdf",
      },
      {
        id: "soil-survey",
        title: "Заявка на проведение почвенного обследования земель",
        editableHref: "/forms/pochvennoe-obsledovanie.docx",
        pdfHref: "/forms/pochvennoe-obsledovanie.pdf",
      },
      {
        id: "ecotoxicological-survey",
        title: "Заявка на проведение эколого-токсикологического обследования земель",
        editableHref: "/forms/ekologo-toksikologicheskoe-obsledovanie.docx",
        pdfHref: "/forms/ekologo-toksikologicheskoe-obsledovanie.pdf",
      },
      {
        id: "interactive-field-maps",
        title: "Заявка на создание электронных карт полей",
        editableHref: "/forms/elektronnye-karty-polej.docx",
        pdfHref: "/forms/elektronnye-karty-polej.pdf",
      },
    ],
  },
] satisfies ApplicationFormGroup[];

/** The blank forms as the editor and the published editions take them (decision 0036). */
export const defaultApplications: ApplicationsContent = { groups: applicationFormGroups };
