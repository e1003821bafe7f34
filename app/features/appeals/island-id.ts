/** The element around the appeal form that the island hydrates: the page renders it, the island finds it. */
export const appealFormIslandId = "appeal-form-island";
