import { emailKey } from "../../domain/appeals/email-key.ts";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import type { NewAppeal } from "../db/appeals-repository.ts";
import type { DataLayer } from "../db/data-layer.ts";

/**
 * At most this many acknowledgements to one address (one e-mail key, however it is written:
 * domain/appeals/email-key.ts) in one Kirov day. Anyone can type anyone's address into the form:
 * the limit keeps the form from becoming a way to flood a stranger's mailbox. The appeals beyond
 * it are still stored; only their acknowledgement is withheld. A count per day, not a rolling
 * 24 hours, so that taking it costs one row whatever the address's history (decision 0025).
 */
export const acknowledgementLimit = { perAddress: 5 } as const;

/** Who the audit log names for what the site did by itself. */
export const siteActor = "сайт";

export type StoredAppealReceipt = {
  id: string;
  number: string;
  /** Whether an acknowledgement to the citizen's address was written with the appeal. */
  acknowledged: boolean;
};

/**
 * Stores an appeal with its mails, all committed or none: the handlers' notification and the
 * citizen's acknowledgement (or, past the per-address limit, an audit line saying why it was
 * withheld). Resolves once all are on disk, so an acknowledged appeal is never left without its
 * mails. How many round trips that takes is the data layer's (server/db/appeal-intake.ts).
 */
export async function storeAppeal(
  data: Pick<DataLayer, "appealIntake" | "acknowledgementCounts">,
  appeal: NewAppeal,
): Promise<StoredAppealReceipt> {
  const at = appeal.created_at;
  const key = emailKey(appeal.email);
  const day = kirovIsoDate(at);
  const counts = data.acknowledgementCounts;
  // Full once is full for the rest of the day: no row to touch (decision 0026).
  const full = counts.knownFull(key, day);
  const receipt = await data.appealIntake.store({
    appeal,
    notification: { kind: "appeal-notification", recipients: [{ group: "handlers" }] },
    acknowledgement: { kind: "appeal-acknowledgement", recipients: [{ address: appeal.email }] },
    withheld: {
      at,
      staff_login: siteActor,
      action: "acknowledgement-withheld",
      from_state: null,
      to_state: null,
      details: withheldDetails,
    },
    count: full ? undefined : { key, day, limit: acknowledgementLimit.perAddress },
  });
  if (!receipt.acknowledged && !full) counts.rememberFull(key, day);
  return receipt;
}

const withheldDetails = `подтверждение автору не отправлено: на этот адрес в этот день (по кировскому времени) уже отправлено ${acknowledgementLimit.perAddress} подтверждений`;
