import { pageMeta } from "../page-meta.ts";

export const meta = () => pageMeta("/structure");

export default function StructurePage() {
  return (
    <div className="page">
      <h1>Структура</h1>
    </div>
  );
}
