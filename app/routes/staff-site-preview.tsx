import { notFoundTitle } from "../../content/site-pages.ts";
import { pageOf, requireStaff } from "../../domain/pages/page-context.ts";
import { editablePages, isEditablePage } from "../../domain/site-content/site-editions.ts";
import { markedAsDraft, unrenderedPreview } from "../features/site/draft-preview.ts";
import type { Route } from "./+types/staff-site-preview.ts";

/**
 * «Предпросмотр»: the exact public page (the same components and content checks as a publish)
 * from the edition worked on, to staff who edit the site only, marked as a draft and not indexed.
 * A resource route: the answer is the page itself, without the staff area's frame.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const access = requireStaff(context, "edit-site");
  // Content no built page shows (the search's settings) has no preview: no such page.
  if (!access || !isEditablePage(params.page) || !editablePages[params.page].rendered) {
    return new Response(`${notFoundTitle}.`, {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
  const preview = await pageOf(context).services.site.preview(access.viewer, params.page);
  if (!preview.ok) {
    return new Response(unrenderedPreview(preview.message, `/staff/site/${params.page}`), {
      status: 422,
      headers: {
        "content-type": "text/html; charset=utf-8",
        "x-robots-tag": "noindex, nofollow",
      },
    });
  }
  return new Response(markedAsDraft(preview.html, `/staff/site/${params.page}`), {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "x-robots-tag": "noindex, nofollow",
    },
  });
}
