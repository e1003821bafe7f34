import type { MetaDescriptor } from "react-router";
import { type SitePath, sitePage, siteTitleSuffix } from "../content/site-pages.ts";

/** <title> and description of a site page, from the page list in content/. */
export function pageMeta(path: SitePath): MetaDescriptor[] {
  const page = sitePage(path);
  const title = path === "/" ? page.title : `${page.title} — ${siteTitleSuffix}`;
  return [{ title }, { name: "description", content: page.description }];
}
