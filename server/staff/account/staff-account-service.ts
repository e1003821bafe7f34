/**
 * A staff member's own account page (/staff/account, issue 43): who they are, where their mail
 * goes, and for a head how they hear of the site's editions awaiting approval. The choice is
 * their own and audited; nobody sets another's here.
 */
import type { StaffAccountPort } from "../../../domain/staff/site-notice-choice.ts";
import { can } from "../../../domain/staff/staff-roles.ts";
import { eventEntry } from "../../db/audit-repository.ts";
import type { DataLayer } from "../../db/data-layer.ts";

export function createStaffAccountService(deps: {
  data: Pick<DataLayer, "transaction" | "staffAccounts" | "siteNotices" | "audit">;
  now?: () => Date;
}): StaffAccountPort {
  const { data } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    async own(viewer) {
      const [user, siteNotices] = await Promise.all([
        data.staffAccounts.findUser(viewer.login),
        data.siteNotices.choiceOf(viewer.login),
      ]);
      if (!user || !siteNotices) return undefined;
      return { login: user.login, email: user.email, siteNotices };
    },

    async chooseSiteNotices(viewer, choice) {
      if (!can(viewer.role, "approve-site")) return false;
      return data.transaction(async (tx) => {
        if (!(await data.siteNotices.choose(viewer.login, choice, tx))) return false;
        await data.audit.record(eventEntry(now(), viewer.login, "site-notices-chosen", choice), tx);
        return true;
      });
    },
  };
}
