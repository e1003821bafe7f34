/**
 * What /healthz says of the store (decision 0023): unreachable (a read fails), or unable to write
 * (a full disk, SQLite below its reserve, or writes failing on the store's side) while reads go
 * on. Either is a 503 with the reason, so that a load balancer takes the server out and a monitor
 * sees why. The reason is a word, never an error's text (/healthz is public).
 */
import type { FastifyInstance } from "fastify";
import type { DataLayer } from "../db/data-layer.ts";

export type StoreUnhealthy = {
  status: "unavailable";
  reason: "store-unreachable" | "disk-full" | "writes-failing";
};

export async function storeUnhealthy(
  data: Pick<DataLayer, "ping" | "writeHealth">,
): Promise<StoreUnhealthy | null> {
  try {
    await data.ping();
  } catch {
    return { status: "unavailable", reason: "store-unreachable" };
  }
  const writes = await data.writeHealth();
  return writes.ok ? null : { status: "unavailable", reason: writes.reason };
}

/** Logs each time the store stops or resumes writing by itself (SQLite's disk reserve). */
export function logStoreWriteState(app: FastifyInstance, data: Pick<DataLayer, "onWriteState">) {
  const mib = (bytes: number) => Math.round(bytes / 1024 / 1024);
  const stop = data.onWriteState((state) => {
    const figures = { freeMiB: mib(state.freeBytes), logMiB: mib(state.logBytes) };
    if (state.writable) app.log.info(figures, "store writes again: disk space is back");
    else
      app.log.error(
        figures,
        "store refuses writes: its disk is below the reserve (DISK_RESERVE_MB)",
      );
  });
  app.addHook("onClose", async () => {
    stop();
  });
}
