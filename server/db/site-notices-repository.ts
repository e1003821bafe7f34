/**
 * Who is told of the site's editions (issue 43): the heads who approve them, each with their
 * choice of a mail each time or one digest a day (staff_users.site_notices, migration 23), and
 * the editions that await approval now, which a digest lists.
 */
import {
  isSiteNoticeChoice,
  type SiteNoticeChoice,
} from "../../domain/staff/site-notice-choice.ts";
import { can, type StaffRole, staffRoles } from "../../domain/staff/staff-roles.ts";
import { type Database, isoMoment, nullableText, type SqlExecutor } from "./database.ts";

/** The roles that approve the site's editions (domain/staff/staff-roles.ts, 'approve-site'). */
const approvingRoles: readonly StaffRole[] = staffRoles.filter((role) => can(role, "approve-site"));
const approvingRolesSql = `(${approvingRoles.map((role) => `'${role}'`).join(", ")})`;

/** A staff member a site mail may go to: enabled, with an e-mail. */
export type SiteNoticeRecipient = { login: string; email: string };

/** An edition awaiting approval, as a digest lists it. */
export type AwaitingEdition = {
  id: number;
  page: string;
  submittedBy: string | null;
  submittedAt: string | null;
};

export function createSiteNoticesRepository(db: Database) {
  const on = (tx: SqlExecutor | undefined) => tx ?? db;
  const recipients = async (sql: string, params: string[], tx?: SqlExecutor) =>
    (await on(tx).all(sql, params)).map((row) => ({
      login: String(row.login),
      email: String(row.email),
    }));
  return {
    /**
     * The enabled approvers with an e-mail who chose `choice`, but not `except` (the one who did
     * the action is not told of it).
     */
    approvers(
      choice: SiteNoticeChoice,
      except: string | null,
      tx?: SqlExecutor,
    ): Promise<SiteNoticeRecipient[]> {
      return recipients(
        `SELECT login, email FROM staff_users
         WHERE role IN ${approvingRolesSql} AND disabled_at IS NULL
           AND email IS NOT NULL AND email <> '' AND site_notices = ? AND login <> ?
         ORDER BY login`,
        [choice, except ?? ""],
        tx,
      );
    },

    /** Enabled accounts of a role with an e-mail (the editors a monthly list goes to). */
    withRole(role: StaffRole, tx?: SqlExecutor): Promise<SiteNoticeRecipient[]> {
      return recipients(
        `SELECT login, email FROM staff_users
         WHERE role = ? AND disabled_at IS NULL AND email IS NOT NULL AND email <> ''
         ORDER BY login`,
        [role],
        tx,
      );
    },

    /** One account, if it may get a mail: enabled, with an e-mail. */
    async recipient(login: string, tx?: SqlExecutor): Promise<SiteNoticeRecipient | undefined> {
      const [found] = await recipients(
        `SELECT login, email FROM staff_users
         WHERE login = ? AND disabled_at IS NULL AND email IS NOT NULL AND email <> ''`,
        [login],
        tx,
      );
      return found;
    },

    /** The account's choice; undefined when there is no such login. */
    async choiceOf(login: string): Promise<SiteNoticeChoice | undefined> {
      const [row] = await db.all("SELECT site_notices FROM staff_users WHERE login = ?", [login]);
      const value = nullableText(row?.site_notices);
      return value !== null && isSiteNoticeChoice(value) ? value : undefined;
    },

    /** Sets the account's choice; false when there is no such login. */
    async choose(login: string, choice: SiteNoticeChoice, tx?: SqlExecutor): Promise<boolean> {
      const changed = await on(tx).run("UPDATE staff_users SET site_notices = ? WHERE login = ?", [
        choice,
        login,
      ]);
      return changed === 1;
    },

    /** The editions awaiting approval now, the longest waiting first. */
    async awaiting(tx?: SqlExecutor): Promise<AwaitingEdition[]> {
      const rows = await on(tx).all(
        `SELECT id, page, submitted_by, submitted_at FROM site_editions
         WHERE state = 'awaiting_approval' ORDER BY submitted_at, id`,
      );
      return rows.map((row) => ({
        id: Number(row.id),
        page: String(row.page),
        submittedBy: nullableText(row.submitted_by),
        submittedAt: row.submitted_at === null ? null : isoMoment(row.submitted_at),
      }));
    },
  };
}
