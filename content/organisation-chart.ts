import type { StructureContent } from "../domain/site-content/structure-content.ts";
import { director } from "./director.ts";
import type { OrganisationChart } from "./schema.ts";

/**
 * The organisation chart of /structure as a tree. The page builds an accessible HTML chart from
 * it (nested lists), and scripts/make-sample-files.ts draws the downloadable image from the same
 * data, so the two never disagree. The division into units is a sample.
 */
export const organisationChart = {
  title: "Организационная структура",
  sampleNotice: "Образец структуры. Утверждённая структура будет размещена учреждением.",
  root: {
    id: "director",
    name: "Директор",
    children: [
      {
        id: "deputy-director",
        name: "Заместитель директора",
        children: [
          {
            id: "testing-centre",
            name: "Испытательный центр",
            head: "Руководитель испытательного центра",
            children: [
              { id: "agrochemical-lab", name: "Агрохимическая лаборатория", children: [] },
              {
                id: "feed-lab",
                name: "Лаборатория анализа кормов и продукции растениеводства",
                children: [],
              },
              {
                id: "ecotox-lab",
                name: "Эколого-токсикологическая и радиологическая лаборатория",
                children: [],
              },
            ],
          },
          {
            id: "agroecology-centre",
            name: "Центр агроэкологического мониторинга, проектирования и ГИС",
            head: "Руководитель центра",
            children: [
              { id: "monitoring-unit", name: "Отдел агроэкологического мониторинга", children: [] },
              { id: "design-unit", name: "Проектно-сметный отдел", children: [] },
              { id: "gis-unit", name: "Отдел геоинформационных систем", children: [] },
            ],
          },
        ],
      },
      {
        id: "accounting",
        name: "Бухгалтерия",
        head: "Главный бухгалтер",
        children: [],
      },
      { id: "economics", name: "Планово-экономический отдел", children: [] },
      { id: "personnel", name: "Отдел кадров", children: [] },
      { id: "legal", name: "Юрисконсульт", children: [] },
      { id: "facilities", name: "Административно-хозяйственный отдел", children: [] },
    ],
  },
  image: {
    src: "/images/organisation-chart.svg",
    alt: "Схема организационной структуры учреждения",
    width: 1872,
    height: 569,
  },
} satisfies OrganisationChart;

/** What staff edit of /structure (decision 0036): the director, the chart's picture and its text. */
export const defaultStructure: StructureContent = {
  director: {
    position: director.position,
    fullName: director.fullName,
    sampleNotice: director.sampleNotice ?? "",
    biography: director.biography,
  },
  chart: {
    sampleNotice: organisationChart.sampleNotice ?? "",
    href: organisationChart.image.src,
    alt: organisationChart.image.alt,
  },
};
