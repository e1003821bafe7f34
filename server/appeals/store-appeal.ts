import type { NewAppeal } from "../db/appeals-repository.ts";
import type { DataLayer } from "../db/data-layer.ts";

/**
 * Stores an appeal with the handlers' notification in one transaction: both are committed (on
 * disk when this resolves) or neither is, so an acknowledged appeal is never left without its mail.
 */
export function storeAppeal(
  data: Pick<DataLayer, "transaction" | "appeals" | "deliveries">,
  appeal: NewAppeal,
): Promise<{ id: string; number: string }> {
  return data.transaction(async (tx) => {
    const stored = await data.appeals.insert(appeal, tx);
    await data.deliveries.enqueue(
      {
        kind: "appeal-notification",
        appealId: stored.id,
        recipients: [{ group: "handlers" }],
        at: appeal.created_at,
      },
      tx,
    );
    return stored;
  });
}
