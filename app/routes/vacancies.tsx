import { pageMeta } from "../page-meta.ts";

export const meta = () => pageMeta("/vacancies");

export default function VacanciesPage() {
  return (
    <div className="page">
      <h1>Вакансии</h1>
    </div>
  );
}
