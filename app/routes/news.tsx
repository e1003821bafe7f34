import { defaultNews, newsPage } from "../../content/news.ts";
import { sitePage } from "../../content/site-pages.ts";
import { siteContentOf } from "../../domain/pages/page-context.ts";
import { newestFirst, newsFeedPath } from "../../domain/site-content/news-content.ts";
import { NewsList, newsListItemOf } from "../features/news/news-list.tsx";
import { pageMeta } from "../page-meta.ts";
import type { RouteHandle } from "../route-handle.ts";
import { absoluteUrl } from "../seo/site-url.ts";
import contentStyles from "../styles/pages/content.css?inline";
import newsStyles from "../styles/pages/news.css?inline";
import type { Route } from "./+types/news.ts";

export const meta = () => [
  ...pageMeta("/news"),
  {
    tagName: "link",
    rel: "alternate",
    type: "application/atom+xml",
    title: sitePage("/news").title,
    href: absoluteUrl(newsFeedPath),
  },
];

export const handle: RouteHandle = { styles: [contentStyles, newsStyles] };

/** The published announcements (or a draft's, for a preview); the build's while prerendering. */
export function loader({ context }: Route.LoaderArgs) {
  return {
    announcements: newestFirst(siteContentOf(context).news ?? defaultNews).map(newsListItemOf),
  };
}

export default function NewsPage({ loaderData }: Route.ComponentProps) {
  const { announcements } = loaderData;
  return (
    <div className="page">
      <h1>{sitePage("/news").title}</h1>
      {announcements.length === 0 ? (
        <p>{newsPage.empty}</p>
      ) : (
        <NewsList announcements={announcements} headingLevel={2} />
      )}
      <p>
        <a href={newsFeedPath}>{newsPage.feed}</a>
      </p>
    </div>
  );
}
