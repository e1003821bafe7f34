import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { notFoundPath, sitePages } from "../content/site-pages.ts";

/**
 * The route table, derived from the one list of pages (content/site-pages.ts): each page's module
 * is named after the last segment of its address, '/services/special_offer' ->
 * routes/special-offer.tsx, '/' -> routes/home.tsx. A page without its module fails the build.
 */
function routeFile(path: string): string {
  const lastSegment = path.split("/").filter(Boolean).at(-1);
  return `routes/${lastSegment ? lastSegment.replaceAll("_", "-") : "home"}.tsx`;
}

export default [
  ...sitePages.map((page) =>
    page.path === "/" ? index(routeFile("/")) : route(page.path.slice(1), routeFile(page.path)),
  ),
  // One announcement's page (issue 28): rendered by the publisher when it is published, and by
  // the build for the build's announcements (react-router.config.ts).
  route("news/:id", "routes/news-announcement.tsx"),
  // The citizen's status page: rendered by the server on each request (what it shows is the
  // store's), never prerendered, no JavaScript.
  route("appeals/status", "routes/appeal-status.tsx"),
  // The public review of appeals: counts per quarter, rendered by the server from the store
  // (cached a while, server/appeals/review-cache.ts), never prerendered, no JavaScript.
  route("appeals/review", "routes/appeals-review.tsx"),
  // The site's search (issue 29): rendered by the server on each request from its index of the
  // published site, never prerendered, no JavaScript.
  route("search", "routes/search.tsx"),
  // The staff registry: rendered by the server on each request, never prerendered (not in
  // content/site-pages.ts, so not in react-router.config.ts's prerender list), no JavaScript.
  route("staff", "routes/staff-layout.tsx", [
    index("routes/staff-list.tsx"),
    route("login", "routes/staff-login.tsx"),
    route("logout", "routes/staff-logout.tsx"),
    route("appeals/:id", "routes/staff-appeal.tsx"),
    // Where the answer form posts its text and files (multipart): the appeal's page again, its
    // action given the fields and files the server's door read (server/pages/page-routes.ts).
    route("appeals/:id/answer", "routes/staff-appeal.tsx", { id: "routes/staff-appeal-answer" }),
    route("templates", "routes/staff-templates.tsx"),
    route("appeals/:id/topic", "routes/staff-appeal-topic.tsx"),
    route("statistics", "routes/staff-statistics.tsx"),
    // The public site's content (issue 28): the pages, and each page's editor with its history.
    route("site", "routes/staff-site.tsx"),
    route("site/:page", "routes/staff-site-page.tsx"),
    // «Что заполнить»: the seed's placeholder values still published (decision 0040).
    route("site/fill", "routes/staff-site-fill.tsx"),
    // «Что ищут на сайте» (decision 0060): the searches counted without personal data.
    route("site/searches", "routes/staff-search-queries.tsx"),
    // «Ссылки» (issue 43): the published texts' broken web links, with their pages and fields.
    route("site/links", "routes/staff-site-links.tsx"),
    // A page's «Проверить до» (issue 43): set a day, or «Проверено, без изменений».
    route("site/:page/review", "routes/staff-site-review.tsx"),
    // The viewer's own account: a head's choice of site notices (issue 43).
    route("account", "routes/staff-account.tsx"),
    // «Архив» (issue 45): a head's due cases, acts of destruction, and each act to print.
    route("archive", "routes/staff-archive.tsx"),
    route("archive/acts/:id", "routes/staff-archive-act.tsx"),
    // «Письма без обращения» (issue 46): the mailbox's messages waiting for a registrar.
    route("mail", "routes/staff-mail.tsx"),
    route("mail/:id", "routes/staff-mail-message.tsx"),
    // The answer as a printable letter, for a mail that did not arrive (issue 46).
    route("appeals/:id/letter", "routes/staff-answer-letter.tsx"),
  ]),
  // A page's draft as the public page (no staff frame), to staff who edit the site.
  route("staff/site/:page/preview", "routes/staff-site-preview.tsx"),
  // Prerendered once; the server sends it with status 404 for every unknown page.
  route(notFoundPath.slice(1), "routes/not-found.tsx"),
] satisfies RouteConfig;
