/**
 * Which edition of each page is published, in one small read (issue 40): the id changes with
 * every publish, restore or scheduled publish (each makes another row the published one), so a
 * server that compares it with the last reading finds a publish whose notice it missed. The
 * partial unique index of the published editions answers it without reading their content.
 */
import type { SqlExecutor } from "./database.ts";

export async function publishedVersions(db: SqlExecutor): Promise<Map<string, number>> {
  const rows = await db.all("SELECT page, id FROM site_editions WHERE state = 'published'");
  return new Map(rows.map((row) => [String(row.page), Number(row.id)]));
}
