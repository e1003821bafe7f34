import type { VacanciesContent, Vacancy } from "../domain/site-content/vacancies-content.ts";
import {
  vacancyConditionFields,
  vacancyConditionLabels,
} from "../domain/site-content/vacancies-content.ts";
import { formatRubles } from "./format.ts";
import { organisation } from "./organisation.ts";
import type { VacanciesPage } from "./schema.ts";

/**
 * The two postings of /vacancies with every condition the specification gives: the build's
 * content, and the site's until staff publish an edition of their own (decision 0029).
 */
export const defaultVacancies = {
  vacancies: [
    {
      id: "chemist-agrochemist",
      title: "Химик-агрохимик",
      salary: { amount: 45000, net: true },
      payments: "",
      experience: "1–3 года",
      employment: "полная",
      schedule: "5/2",
      hours: "8",
      place: "на месте работодателя",
      duties: "",
    },
    {
      id: "economist",
      title: "Экономист",
      salary: { amount: 55000, net: false },
      payments: "два раза в месяц",
      experience: "1–3 года",
      employment: "",
      schedule: "5/2",
      hours: "",
      place: "",
      duties: "",
    },
  ],
} satisfies VacanciesContent;

/** Where to send a résumé: the phone is the published contacts' (the footer's). */
export function howToApply(phone: string): string {
  return `Резюме направляйте на адрес ${organisation.email} или звоните по телефону ${phone}.`;
}

export const vacanciesPage = {
  defaults: defaultVacancies,
  howToApply: howToApply(organisation.phone.display),
} satisfies VacanciesPage;

/** '45 000 ₽ в месяц на руки': the amount as the posting writes it. */
export function vacancySalaryLabel(vacancy: Pick<Vacancy, "salary">): string {
  return `${formatRubles(vacancy.salary.amount)} в\u00A0месяц${vacancy.salary.net ? " на\u00A0руки" : ""}`;
}

/** The conditions a vacancy states, in the page's order; empty ones are left out. */
export function vacancyConditions(vacancy: Vacancy): { label: string; value: string }[] {
  return vacancyConditionFields
    .filter((field) => vacancy[field] !== "")
    .map((field) => ({ label: vacancyConditionLabels[field], value: vacancy[field] }));
}
