import { pageMeta } from "../page-meta.ts";

export const meta = () => pageMeta("/to_investors");

export default function ToInvestorsPage() {
  return (
    <div className="page">
      <h1>Инвесторам</h1>
    </div>
  );
}
