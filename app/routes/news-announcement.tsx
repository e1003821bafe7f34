import { data } from "react-router";
import { defaultNews, newsPage } from "../../content/news.ts";
import { siteContentOf } from "../../domain/pages/page-context.ts";
import { announcementPath, newsPath } from "../../domain/site-content/news-content.ts";
import { SiteMarkup } from "../components/site-markup.tsx";
import {
  AnnouncementDate,
  AnnouncementPicture,
  announcementSummary,
} from "../features/news/news-list.tsx";
import { describedPageMeta } from "../page-meta.ts";
import type { RouteHandle } from "../route-handle.ts";
import contentStyles from "../styles/pages/content.css?inline";
import newsStyles from "../styles/pages/news.css?inline";
import type { Route } from "./+types/news-announcement.ts";

export const meta = ({ loaderData }: Route.MetaArgs) =>
  loaderData
    ? describedPageMeta({
        path: announcementPath(loaderData.id),
        title: loaderData.title,
        description: announcementSummary(loaderData),
      })
    : [];

export const handle: RouteHandle = { styles: [contentStyles, newsStyles] };

/**
 * One announcement's page: rendered by the publisher when the announcement is published (never
 * on a visitor's request: an address of no published announcement is the site's 404).
 */
export function loader({ context, params }: Route.LoaderArgs) {
  const news = siteContentOf(context).news ?? defaultNews;
  const announcement = news.announcements.find((item) => item.id === params.id);
  if (!announcement) throw data("Объявление не найдено", { status: 404 });
  return announcement;
}

export default function AnnouncementPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page">
      <article className="announcement" aria-labelledby="announcement-title">
        <h1 id="announcement-title">{loaderData.title}</h1>
        <AnnouncementDate announcement={loaderData} />
        {loaderData.image ? <AnnouncementPicture image={loaderData.image} lazy={false} /> : null}
        <SiteMarkup text={loaderData.text} />
      </article>
      <p>
        <a href={newsPath}>{newsPage.backToList}</a>
      </p>
    </div>
  );
}
