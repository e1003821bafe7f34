/**
 * Whether the store can write, for /healthz (decision 0023): a read that answers is not enough,
 * since a full disk fails every write while reads go on. Cheap per call: the outcome of the
 * server's own writes is kept as they happen; only once a write has failed on the store's side
 * (or when none has been made for a while) does a check write the probe row, at most once a second.
 * Once failing, it stays so until a probe write succeeds: a read-only transaction that commits
 * proves nothing about the disk.
 */
import type { Database } from "./database.ts";
import { type StoreFailure, storeFailure } from "./store-failure.ts";

export type WriteHealth = { ok: true } | { ok: false; reason: StoreFailure };

/** Without a write for this long, a check probes. */
const quietMs = 30_000;
/** At most one probe this often, however often /healthz is asked. */
const probeEveryMs = 1_000;

export function createWriteHealth(db: Database, clock: () => number = Date.now) {
  let failing: StoreFailure | null = null;
  let lastWriteAt = clock();
  let probe: { at: number; result: Promise<WriteHealth> } | undefined;

  const probeWrite = async (): Promise<WriteHealth> => {
    try {
      await db.transaction((tx) =>
        tx.run("UPDATE store_write_probe SET probed_at = ? WHERE id = 1", [
          new Date(clock()).toISOString(),
        ]),
      );
      failing = null;
      lastWriteAt = clock();
      return { ok: true };
    } catch (error) {
      failing = storeFailure(error) ?? "writes-failing";
      return { ok: false, reason: failing };
    }
  };

  return {
    /** A write went through (null) or failed; `workFailed`: the work threw, not the commit. */
    observe(error: unknown | null, workFailed = false) {
      if (error === null) {
        lastWriteAt = clock();
        return;
      }
      const failure = storeFailure(error) ?? (workFailed ? null : "writes-failing");
      if (failure !== null) failing = failure;
    },

    async check(): Promise<WriteHealth> {
      if (!db.writable()) return { ok: false, reason: "disk-full" };
      const now = clock();
      if (failing === null && now - lastWriteAt < quietMs) return { ok: true };
      if (!probe || now - probe.at >= probeEveryMs) probe = { at: now, result: probeWrite() };
      return probe.result;
    },
  };
}
