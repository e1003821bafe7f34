import { pageMeta } from "../page-meta.ts";
import type { RouteHandle } from "../route-handle.ts";

export const meta = () => pageMeta("/appeals");

// The appeal form is interactive: this page loads JavaScript.
export const handle: RouteHandle = { hydrate: true };

export default function AppealsPage() {
  return (
    <div className="page">
      <h1>Обращения граждан</h1>
    </div>
  );
}
