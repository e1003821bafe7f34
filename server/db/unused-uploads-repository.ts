/**
 * Files uploaded for the site that no edition references (issue 43): a draft's picture or
 * document replaced before it was published, or an upload whose form was never saved. The daily
 * purge (server/site-content/unused-uploads-purge.ts) reads every edition's content for file
 * addresses, marks since when a file is referenced by none (`attachments.unreferenced_since`,
 * migration 24), and deletes those unreferenced for 30 days. A file any edition references (a
 * draft, one awaiting approval, scheduled, published or superseded: every kept version) is never
 * deleted: the deletion looks at the editions again in its own transaction.
 */
import { type Database, nullableMoment, type SqlExecutor } from "./database.ts";

/** One site file as the purge sees it. */
export type UploadMark = { id: string; fileName: string; unreferencedSince: string | null };

/** How many ids one statement names (SQLite allows 32,766 parameters, PostgreSQL 65,535). */
const idsPerStatement = 500;

/** Whether a file's address is in an edition's content: `/files/<id>/` anywhere in its text. */
const referencedSql = `EXISTS (SELECT 1 FROM site_editions
  WHERE site_editions.content LIKE '%/files/' || CAST(attachments.id AS TEXT) || '/%')`;

/** `ids` a statement's worth at a time. */
function* inChunks(ids: readonly string[]) {
  for (let start = 0; start < ids.length; start += idsPerStatement) {
    yield ids.slice(start, start + idsPerStatement);
  }
}

const placeholders = (ids: readonly string[]) => ids.map(() => "?").join(", ");

export function createUnusedUploadsRepository(db: Database) {
  /** Sets `unreferenced_since` of these site files to `value` where it is not already set so. */
  async function mark(ids: readonly string[], value: string | null): Promise<number> {
    let changed = 0;
    for (const chunk of inChunks(ids)) {
      changed += await db.run(
        value === null
          ? `UPDATE attachments SET unreferenced_since = NULL
             WHERE owner_kind = 'site' AND unreferenced_since IS NOT NULL
               AND id IN (${placeholders(chunk)})`
          : `UPDATE attachments SET unreferenced_since = ?
             WHERE owner_kind = 'site' AND unreferenced_since IS NULL
               AND id IN (${placeholders(chunk)})`,
        value === null ? chunk : [value, ...chunk],
      );
    }
    return changed;
  }

  return {
    /**
     * Editions' content in the order of their ids, `limit` after `afterId`: the purge reads them
     * a few at a time (one edition of the announcements may be 4 MB).
     */
    async editionContents(
      afterId: number,
      limit: number,
    ): Promise<{ id: number; content: string }[]> {
      const rows = await db.all(
        "SELECT id, content FROM site_editions WHERE id > ? ORDER BY id LIMIT ?",
        [afterId, limit],
      );
      return rows.map((row) => ({ id: Number(row.id), content: String(row.content) }));
    },

    /** Every site file, its bytes not read, and since when no edition references it. */
    async siteFiles(): Promise<UploadMark[]> {
      const rows = await db.all(
        "SELECT id, file_name, unreferenced_since FROM attachments WHERE owner_kind = 'site'",
      );
      return rows.map((row) => ({
        id: String(row.id),
        fileName: String(row.file_name),
        unreferencedSince: nullableMoment(row.unreferenced_since),
      }));
    },

    /** These files referenced by no edition from `at` on (those marked already keep their day). */
    markUnreferenced: (ids: readonly string[], at: Date) => mark(ids, at.toISOString()),

    /** These files referenced again (an earlier edition restored, a draft that took it back). */
    markReferenced: (ids: readonly string[]) => mark(ids, null),

    /**
     * Deletes those of `ids` referenced by no edition since `before` or earlier, looking at the
     * editions again: an edition written since the purge read them keeps its files. The ids
     * deleted.
     */
    async deleteUnreferenced(
      ids: readonly string[],
      before: Date,
      tx: SqlExecutor,
    ): Promise<string[]> {
      const deleted: string[] = [];
      for (const chunk of inChunks(ids)) {
        const rows = await tx.all(
          `DELETE FROM attachments
           WHERE owner_kind = 'site' AND unreferenced_since IS NOT NULL
             AND unreferenced_since <= ? AND id IN (${placeholders(chunk)})
             AND NOT ${referencedSql}
           RETURNING id`,
          [before.toISOString(), ...chunk],
        );
        deleted.push(...rows.map((row) => String(row.id)));
      }
      return deleted;
    },
  };
}

export type UnusedUploadsRepository = ReturnType<typeof createUnusedUploadsRepository>;
