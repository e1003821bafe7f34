import { pageMeta } from "../page-meta.ts";

export const meta = () => pageMeta("/applications");

export default function ApplicationsPage() {
  return (
    <div className="page">
      <h1>Бланки заявлений</h1>
    </div>
  );
}
