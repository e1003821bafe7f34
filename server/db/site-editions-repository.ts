/**
 * Editions of the public site's pages (issue 28, decision 0031): the content as JSON text, its
 * state, who and when. At most one edition of a page is worked on (draft, awaiting approval,
 * scheduled) and one is published; publishing supersedes the one before, which stays. The
 * content is checked by the page's schema by the service, before it is written and after it is
 * read (server/site-content/site-edition-service.ts).
 */
import type { EditionState } from "../../domain/site-content/site-editions.ts";
import { type Database, nullableMoment, type SqlExecutor } from "./database.ts";
import { heldScheduleSql } from "./site-edition-holds.ts";
import { type EditionRow, toEdition } from "./site-edition-rows.ts";

const workedOn = "('draft', 'awaiting_approval', 'scheduled')";

/** A page's content as an editor saves it, by whom and when. */
type DraftContent = {
  page: string;
  content: unknown;
  /** The content's text when the caller wrote it already (in steps, issue 40). */
  json?: string;
  by: string;
  at: Date;
};

export function createSiteEditionsRepository(db: Database) {
  const on = (tx: SqlExecutor | undefined) => tx ?? db;
  const one = async (sql: string, params: (string | number)[], tx?: SqlExecutor) => {
    const [row] = await on(tx).all(sql, params);
    return row ? toEdition(row) : undefined;
  };

  /** The published edition of `page` becomes superseded (there is at most one). */
  const supersede = (page: string, tx: SqlExecutor) =>
    tx.run("UPDATE site_editions SET state = 'superseded' WHERE page = ? AND state = 'published'", [
      page,
    ]);

  /** The content written into the edition worked on (rewritten) or a new one, in `state`. */
  const writeEdition = async (
    draft: DraftContent,
    state: "draft" | "published",
    tx: SqlExecutor,
  ): Promise<number> => {
    const content = draft.json ?? JSON.stringify(draft.content);
    const at = draft.at.toISOString();
    const published = state === "published" ? [draft.by, at] : [null, null];
    const [current] = await tx.all(
      `SELECT id FROM site_editions WHERE page = ? AND state IN ${workedOn}`,
      [draft.page],
    );
    if (current) {
      await tx.run(
        `UPDATE site_editions SET content = ?, state = ?, changed_by = ?, changed_at = ?,
           submitted_by = NULL, submitted_at = NULL, publish_at = NULL, scheduled_by = NULL,
           published_by = ?, published_at = ?
         WHERE id = ?`,
        [content, state, draft.by, at, ...published, Number(current.id)],
      );
      return Number(current.id);
    }
    const [inserted] = await tx.all(
      `INSERT INTO site_editions (page, state, content, created_by, created_at, changed_by,
         changed_at, published_by, published_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      [draft.page, state, content, draft.by, at, draft.by, at, ...published],
    );
    return Number(inserted?.id);
  };

  return {
    find: (id: number, tx?: SqlExecutor) =>
      one("SELECT * FROM site_editions WHERE id = ?", [id], tx),

    /** The edition being worked on: a draft, one awaiting approval, or one scheduled. */
    workedOn: (page: string, tx?: SqlExecutor) =>
      one(`SELECT * FROM site_editions WHERE page = ? AND state IN ${workedOn}`, [page], tx),

    published: (page: string, tx?: SqlExecutor) =>
      one("SELECT * FROM site_editions WHERE page = ? AND state = 'published'", [page], tx),

    /** The id of `page`'s published edition, its content not read: what a notice compares. */
    async publishedId(page: string): Promise<number | undefined> {
      const [row] = await db.all(
        "SELECT id FROM site_editions WHERE page = ? AND state = 'published'",
        [page],
      );
      return row ? Number(row.id) : undefined;
    },

    /** Every page's published edition: what a server serves from its start. */
    async allPublished(): Promise<EditionRow[]> {
      return (await db.all("SELECT * FROM site_editions WHERE state = 'published'")).map(toEdition);
    },

    /** Every edition of `page` ever published, the newest first. */
    async history(page: string, tx?: SqlExecutor): Promise<EditionRow[]> {
      const rows = await on(tx).all(
        `SELECT * FROM site_editions WHERE page = ? AND state IN ('published', 'superseded')
         ORDER BY published_at DESC, id DESC`,
        [page],
      );
      return rows.map(toEdition);
    },

    /** Each page's edition worked on, or else its published one. */
    async latestOfEachPage(): Promise<EditionRow[]> {
      const rows = await db.all(
        `SELECT * FROM site_editions WHERE state IN ${workedOn}
         OR (state = 'published' AND page NOT IN
           (SELECT page FROM site_editions WHERE state IN ${workedOn}))`,
      );
      return rows.map(toEdition);
    },

    /**
     * The draft of `page` with this content: the edition worked on, rewritten (it becomes a draft
     * again if it was awaiting approval), or a new one. Its id.
     */
    saveDraft: (draft: DraftContent, tx: SqlExecutor): Promise<number> =>
      writeEdition(draft, "draft", tx),

    /**
     * The content published at once by whoever publishes directly: the edition worked on
     * rewritten, or a new one, written once in the published state (saveDraft then publish wrote
     * a 4 MB edition twice, 20–25 ms more in one turn: issue 40); the one published before is
     * superseded. Its id.
     */
    async saveAndPublish(draft: DraftContent, tx: SqlExecutor): Promise<number> {
      await supersede(draft.page, tx);
      return writeEdition(draft, "published", tx);
    },

    /** A draft handed to a head; false when it is no longer a draft. */
    async submit(id: number, by: string, at: Date, tx: SqlExecutor): Promise<boolean> {
      const changed = await tx.run(
        `UPDATE site_editions SET state = 'awaiting_approval', submitted_by = ?, submitted_at = ?,
           changed_by = ?, changed_at = ?, returned_by = NULL, returned_at = NULL, return_comment = NULL
         WHERE id = ? AND state = 'draft'`,
        [by, at.toISOString(), by, at.toISOString(), id],
      );
      return changed === 1;
    },

    /** Sent back to its author with a comment; false when it no longer awaits approval. */
    async returnToDraft(
      id: number,
      review: { by: string; at: Date; comment: string },
      tx: SqlExecutor,
    ): Promise<boolean> {
      const at = review.at.toISOString();
      const changed = await tx.run(
        `UPDATE site_editions SET state = 'draft', returned_by = ?, returned_at = ?, return_comment = ?,
           changed_by = ?, changed_at = ?
         WHERE id = ? AND state = 'awaiting_approval'`,
        [review.by, at, review.comment, review.by, at, id],
      );
      return changed === 1;
    },

    /**
     * The edition worked on goes live, the one published before is superseded; false when the
     * edition is no longer worked on (approved or changed meanwhile).
     */
    async publish(
      edition: { id: number; page: string; from: EditionState },
      by: string,
      at: Date,
      tx: SqlExecutor,
    ): Promise<boolean> {
      await supersede(edition.page, tx);
      const changed = await tx.run(
        `UPDATE site_editions SET state = 'published', published_by = ?, published_at = ?,
           changed_by = ?, changed_at = ?
         WHERE id = ? AND state = ?`,
        [by, at.toISOString(), by, at.toISOString(), edition.id, edition.from],
      );
      return changed === 1;
    },

    /**
     * The edition worked on waits for its moment (decision 0039): a draft a publisher schedules,
     * or one awaiting approval a head approves for later; false when it is no longer in `from`.
     */
    async schedule(
      edition: { id: number; from: "draft" | "awaiting_approval"; publishAt: Date },
      by: string,
      at: Date,
      tx: SqlExecutor,
    ): Promise<boolean> {
      const changed = await tx.run(
        `UPDATE site_editions SET state = 'scheduled', publish_at = ?, scheduled_by = ?,
           changed_by = ?, changed_at = ?
         WHERE id = ? AND state = ?`,
        [edition.publishAt.toISOString(), by, by, at.toISOString(), edition.id, edition.from],
      );
      return changed === 1;
    },

    /** A scheduled edition back to a draft; false when it is no longer scheduled. */
    async unschedule(id: number, by: string, at: Date, tx: SqlExecutor): Promise<boolean> {
      const changed = await tx.run(
        `UPDATE site_editions SET state = 'draft', publish_at = NULL, scheduled_by = NULL,
           submitted_by = NULL, submitted_at = NULL, changed_by = ?, changed_at = ?
         WHERE id = ? AND state = 'scheduled'`,
        [by, at.toISOString(), id],
      );
      return changed === 1;
    },

    /**
     * The scheduled editions whose moment has come by `at`, the earliest first; not those a
     * restore holds for the operator's decision (site-edition-holds.ts).
     */
    async due(at: Date): Promise<EditionRow[]> {
      const rows = await db.all(
        `SELECT * FROM site_editions WHERE state = 'scheduled' AND publish_at <= ?
           AND NOT ${heldScheduleSql}
         ORDER BY publish_at, id`,
        [at.toISOString()],
      );
      return rows.map(toEdition);
    },

    /** The earliest moment of a scheduled edition not held by a restore, if any. */
    async nextScheduled(): Promise<Date | undefined> {
      const [row] = await db.all(
        `SELECT MIN(publish_at) AS next FROM site_editions
         WHERE state = 'scheduled' AND NOT ${heldScheduleSql}`,
      );
      const next = nullableMoment(row?.next);
      return next === null ? undefined : new Date(next);
    },

    /**
     * An earlier edition's content published again, as a new edition that says where from (no
     * edition: the build's content).
     */
    async republish(
      earlier: {
        id: number | null;
        page: string;
        content: unknown;
        /** The content's text when the caller wrote it already (in steps, issue 40). */
        json?: string;
      },
      by: string,
      at: Date,
      tx: SqlExecutor,
    ): Promise<number> {
      await supersede(earlier.page, tx);
      const moment = at.toISOString();
      const [inserted] = await tx.all(
        `INSERT INTO site_editions (page, state, content, created_by, created_at, changed_by,
           changed_at, published_by, published_at, restored_from)
         VALUES (?, 'published', ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        [
          earlier.page,
          earlier.json ?? JSON.stringify(earlier.content),
          by,
          moment,
          by,
          moment,
          by,
          moment,
          earlier.id,
        ],
      );
      return Number(inserted?.id);
    },
  };
}
