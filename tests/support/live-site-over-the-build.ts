// The built site in memory as the publisher changes it (server/site/static-site.ts's LiveSite,
// without the HTTP side): for the publisher's test and its bench. Needs `npm run build`.

import { loadSiteFiles } from "../../server/site/site-files.ts";
import type { LiveSite } from "../../server/site-content/site-publisher.ts";

export async function liveSiteOverTheBuild(): Promise<LiveSite> {
  const site = await loadSiteFiles("build/client");
  return {
    file: (path) => site.byPath.get(path),
    replaceFile: (path, file) => site.byPath.set(path, file),
    addFile: (path, file) => site.byPath.set(path, file),
    removeFile: (path) => site.byPath.delete(path),
  };
}
