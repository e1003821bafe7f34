import { pageMeta } from "../page-meta.ts";

export const meta = () => pageMeta("/services/special_offer");

export default function SpecialOfferPage() {
  return (
    <div className="page">
      <h1>Спецпредложения</h1>
    </div>
  );
}
