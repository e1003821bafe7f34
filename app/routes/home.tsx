import { pageMeta } from "../page-meta.ts";
import type { RouteHandle } from "../route-handle.ts";

export const meta = () => pageMeta("/");

export const handle: RouteHandle = { overBanner: true };

export default function HomePage() {
  return (
    <section className="home-banner" aria-labelledby="home-banner-title">
      <div className="home-banner__inner">
        <h1 id="home-banner-title" className="home-banner__title">
          РАБОТАЕМ С ВАМИ БОЛЕЕ 60 ЛЕТ
        </h1>
      </div>
    </section>
  );
}
