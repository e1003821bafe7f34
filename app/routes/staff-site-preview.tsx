import { notFoundTitle } from "../../content/site-pages.ts";
import { pageOf, requireStaff } from "../../domain/pages/page-context.ts";
import { announcementPath } from "../../domain/site-content/news-content.ts";
import { editablePages, isEditablePage } from "../../domain/site-content/site-editions.ts";
import { itemIdPattern } from "../../domain/text/patterns.ts";
import {
  announcementPreviewLinks,
  markedAsDraft,
  unrenderedPreview,
} from "../features/site/draft-preview.ts";
import type { Route } from "./+types/staff-site-preview.ts";

const notFound = () =>
  new Response(`${notFoundTitle}.`, {
    status: 404,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });

/**
 * «Предпросмотр»: the exact public page (the same components and content checks as a publish)
 * from the edition worked on, to staff who edit the site only, marked as a draft and not indexed.
 * The news' preview takes `?announcement=<id>`: that announcement's own page (issue 43), and the
 * announcements' links in a news preview lead to their previews, not to the live site. A
 * resource route: the answer is the page itself, without the staff area's frame.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const access = requireStaff(context, "edit-site");
  // Content no built page shows (the search's settings) has no preview: no such page.
  if (!access || !isEditablePage(params.page) || !editablePages[params.page].rendered) {
    return notFound();
  }
  const page = params.page;
  const announcement = new URL(request.url).searchParams.get("announcement");
  if (announcement !== null && (page !== "news" || !itemIdPattern.test(announcement))) {
    return notFound();
  }
  const own = announcement === null ? undefined : announcementPath(announcement);
  const editorPath = `/staff/site/${page}`;
  const preview = await pageOf(context).services.site.preview(access.viewer, page, own);
  if (!preview.ok) {
    return new Response(unrenderedPreview(preview.message, editorPath), {
      status: 422,
      headers: {
        "content-type": "text/html; charset=utf-8",
        "x-robots-tag": "noindex, nofollow",
      },
    });
  }
  const html = page === "news" ? announcementPreviewLinks(preview.html) : preview.html;
  return new Response(markedAsDraft(html, editorPath), {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "x-robots-tag": "noindex, nofollow",
    },
  });
}
