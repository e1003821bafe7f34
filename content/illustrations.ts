import type { HomeSectionId, Image } from "./schema.ts";

/**
 * Illustrations drawn for this site (SVG files in public/images/illustrations/, no licence
 * doubt). Keyed by the home-page section they illustrate.
 */
export const homeIllustrations = {
  "gov-task": {
    src: "/images/illustrations/field-survey.svg",
    alt: "Рисунок: поле с флажками в точках отбора почвенных проб",
    width: 480,
    height: 320,
  },
  "lab-research": {
    src: "/images/illustrations/laboratory.svg",
    alt: "Рисунок: колба и пробирки с образцами на лабораторном столе",
    width: 480,
    height: 320,
  },
  projects: {
    src: "/images/illustrations/project-plan.svg",
    alt: "Рисунок: план участка с границами полей и размерной линией",
    width: 480,
    height: 320,
  },
  "land-inventory": {
    src: "/images/illustrations/land-map.svg",
    alt: "Рисунок: карта земельных участков с меткой выбранного участка",
    width: 480,
    height: 320,
  },
} satisfies Partial<Record<HomeSectionId, Image>>;
