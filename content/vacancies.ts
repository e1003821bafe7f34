import { formatRubles } from "./format.ts";
import { organisation } from "./organisation.ts";
import type { VacanciesPage, Vacancy } from "./schema.ts";

/** The two postings of /vacancies with every condition the specification gives. */
export const vacancies = [
  {
    id: "chemist-agrochemist",
    title: "Химик-агрохимик",
    salary: {
      amount: 45000,
      period: "month",
      net: true,
      label: `${formatRubles(45000)} в месяц на руки`,
    },
    conditions: [
      { label: "Опыт работы", value: "1–3 года" },
      { label: "Занятость", value: "полная" },
      { label: "График", value: "5/2" },
      { label: "Рабочие часы", value: "8" },
      { label: "Формат работы", value: "на месте работодателя" },
    ],
  },
  {
    id: "economist",
    title: "Экономист",
    salary: {
      amount: 55000,
      period: "month",
      net: false,
      label: `${formatRubles(55000)} в месяц`,
    },
    conditions: [
      { label: "Выплаты", value: "два раза в месяц" },
      { label: "Опыт работы", value: "1–3 года" },
      { label: "График", value: "5/2" },
    ],
  },
] satisfies Vacancy[];

export const vacanciesPage = {
  vacancies,
  howToApply: `Резюме направляйте на адрес ${organisation.email} или звоните по телефону ${organisation.phone.display}.`,
} satisfies VacanciesPage;
