import { pageMeta } from "../page-meta.ts";

export const meta = () => pageMeta("/documents");

export default function DocumentsPage() {
  return (
    <div className="page">
      <h1>Находится в процессе обновления</h1>
    </div>
  );
}
