import { pageMeta } from "../page-meta.ts";

export const meta = () => pageMeta("/services");

export default function ServicesPage() {
  return (
    <div className="page">
      <h1>Услуги</h1>
    </div>
  );
}
