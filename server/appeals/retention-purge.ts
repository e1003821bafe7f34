import { eventEntry } from "../db/audit-repository.ts";
import type { DataLayer } from "../db/data-layer.ts";

/**
 * Deletes the appeals received before `cutoff` with their deliveries and audit lines, and records
 * in the same transaction that a purge happened (how many, the cutoff, who ran it) without any of
 * their data. The operators' `npm run appeals -- purge` runs it.
 */
export function purgeAppealsReceivedBefore(
  data: Pick<DataLayer, "transaction" | "appeals" | "audit">,
  cutoff: Date,
  by: string,
  now: Date,
): Promise<number> {
  return data.transaction(async (tx) => {
    const deleted = await data.appeals.purgeReceivedBefore(cutoff, tx);
    await data.audit.record(
      eventEntry(
        now,
        by,
        "purge",
        `удалено обращений: ${deleted}, поступивших до ${cutoff.toISOString()}`,
      ),
      tx,
    );
    return deleted;
  });
}
