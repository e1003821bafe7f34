/**
 * The links of the site's published texts (issue 43, decision 0061): the daily check's answer for
 * each web address, with the places (page and field) that link to it, for the «Ссылки» report;
 * and which uploaded files are kept, for the check of the site's own links where content enters.
 */
import { type Database, nullableMoment, nullableText, type SqlExecutor } from "./database.ts";

/** Where a link is: the editable page, its field's posted name and the field in words. */
export type LinkPlace = { page: string; field: string; fieldLabel: string };

/** One checked (or not yet checked) address. */
export type LinkCheckRow = {
  href: string;
  places: LinkPlace[];
  /** When it was last checked (ISO); null: not yet. */
  checkedAt: string | null;
  /** The last answer's HTTP status; null when none came (a timeout, a refused connection). */
  status: number | null;
  /** Why the link is broken, in words; null: it worked. */
  problem: string | null;
};

/** One run of the check: every address the texts hold now, and the answers of those it asked. */
export type LinkCheckRun = {
  links: readonly { href: string; places: readonly LinkPlace[] }[];
  results: readonly { href: string; status: number | null; problem: string | null }[];
  at: Date;
};

const placesOf = (value: unknown): LinkPlace[] => {
  try {
    const parsed = JSON.parse(String(value)) as unknown;
    return Array.isArray(parsed) ? (parsed as LinkPlace[]) : [];
  } catch {
    return [];
  }
};

const rowOf = (row: Record<string, unknown>): LinkCheckRow => ({
  href: String(row.href),
  places: placesOf(row.places),
  checkedAt: nullableMoment(row.checked_at),
  status: row.status === null || row.status === undefined ? null : Number(row.status),
  problem: nullableText(row.problem),
});

export function createLinkChecksRepository(db: Database) {
  return {
    /** Of these uploaded files' ids (UUIDs), those kept for the site, with their names. */
    async keptSiteFiles(ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.all(
        `SELECT id, file_name FROM attachments
         WHERE owner_kind = 'site' AND id IN (${ids.map(() => "?").join(", ")})`,
        ids,
      );
      return new Map(rows.map((row) => [String(row.id), String(row.file_name)]));
    },

    /** Every address known, checked or not: the run picks the longest unchecked first. */
    async list(): Promise<LinkCheckRow[]> {
      return (
        await db.all("SELECT href, places, checked_at, status, problem FROM link_checks", [])
      ).map(rowOf);
    },

    /**
     * A run's outcome, in one transaction: addresses no text holds any more deleted, every
     * address's places as they are now, and the answers of those checked.
     */
    async record(run: LinkCheckRun): Promise<void> {
      const at = run.at.toISOString();
      await db.transaction(async (tx: SqlExecutor) => {
        const hrefs = run.links.map((link) => link.href);
        await tx.run(
          hrefs.length === 0
            ? "DELETE FROM link_checks"
            : `DELETE FROM link_checks WHERE href NOT IN (${hrefs.map(() => "?").join(", ")})`,
          hrefs,
        );
        // In one order on every server: two runs never lock the same rows crosswise.
        for (const link of [...run.links].sort((a, b) => (a.href < b.href ? -1 : 1))) {
          await tx.run(
            `INSERT INTO link_checks (href, places) VALUES (?, ?)
             ON CONFLICT (href) DO UPDATE SET places = excluded.places`,
            [link.href, JSON.stringify(link.places)],
          );
        }
        for (const result of run.results) {
          await tx.run(
            "UPDATE link_checks SET checked_at = ?, status = ?, problem = ? WHERE href = ?",
            [at, result.status, result.problem, result.href],
          );
        }
      });
    },

    /** The addresses whose last check failed, in the order of their addresses. */
    async broken(): Promise<LinkCheckRow[]> {
      return (
        await db.all(
          `SELECT href, places, checked_at, status, problem FROM link_checks
           WHERE problem IS NOT NULL ORDER BY href`,
          [],
        )
      ).map(rowOf);
    },

    /** How many addresses' last check failed (the count beside the report's link). */
    async countBroken(): Promise<number> {
      const [row] = await db.all(
        "SELECT COUNT(*) AS count FROM link_checks WHERE problem IS NOT NULL",
        [],
      );
      return Number(row?.count ?? 0);
    },
  };
}
