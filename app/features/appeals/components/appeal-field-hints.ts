/**
 * The hints under the appeal form's fields, given by the page and read back from it by the island
 * (appeal-form-island.tsx), which then does not carry them a second time: its script must stay
 * within 70 KB gzipped (decision 0005), and these words are 120 bytes of it.
 */
export type AppealFieldHints = { email: string; phone: string; comment: string };

export const appealFieldHints: AppealFieldHints = {
  email: "На этот адрес придёт ответ. Адрес должен принадлежать только вам.",
  phone: "Например, +7 912 345-67-89",
  comment: "Изложите суть предложения, заявления или жалобы.",
};
