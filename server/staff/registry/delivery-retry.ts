import type { ActionResult } from "../../../domain/staff/staff-ports.ts";
import { appealEntry } from "../../db/audit-repository.ts";
import type { DataLayer } from "../../db/data-layer.ts";
import type { DeliveryKind } from "../../db/deliveries-repository.ts";

/**
 * Puts an appeal's failed mail of `kind` back in the queue by hand, with its audit line, in one
 * transaction: the handlers' notification and the answer's mail are retried alike.
 */
export async function retryFailedDelivery(
  deps: {
    data: Pick<DataLayer, "transaction" | "deliveries" | "audit">;
    onDeliveryQueued?: () => void;
  },
  request: {
    login: string;
    appealId: string;
    kind: DeliveryKind;
    at: Date;
    /** The audit line's action and words. */
    action: string;
    details: string;
    /** Said when there is nothing failed to retry. */
    nothingToRetry: string;
  },
): Promise<ActionResult> {
  const { data } = deps;
  const retried = await data.transaction(async (tx) => {
    if (!(await data.deliveries.retry(request.appealId, request.kind, request.at, tx))) {
      return false;
    }
    await data.audit.record(
      appealEntry(request.at, request.login, request.appealId, request.action, {
        details: request.details,
      }),
      tx,
    );
    return true;
  });
  if (!retried) return { ok: false, status: 409, message: request.nothingToRetry };
  deps.onDeliveryQueued?.();
  return { ok: true };
}
