import { acknowledgementLimit } from "../../domain/appeals/acknowledgement-cap.ts";
import { corruptionReportTopic } from "../../domain/appeals/appeal-topics.ts";
import { emailKey } from "../../domain/appeals/email-key.ts";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import type { AppealIntake } from "../db/appeal-intake.ts";
import type { NewAppeal } from "../db/appeals-repository.ts";
import type { NewAttachment } from "../db/attachments-repository.ts";
import type { DataLayer } from "../db/data-layer.ts";
import type { Recipient } from "../db/delivery-types.ts";

export type StoredAppealReceipt = {
  id: string;
  number: string;
  /** Whether an acknowledgement to the citizen's address was written with the appeal. */
  acknowledged: boolean;
};

/**
 * Stores an appeal with its mails, all committed or none: the handlers' notification and the
 * citizen's acknowledgement (or, past the per-address limit, the appeal marked as withheld, which
 * its history shows with the reason: decision 0041). Resolves once all are on disk, so an acknowledged appeal is never left without its
 * mails; the citizen's files, when given, in the same transaction (decision 0045). How many round trips that takes is the data layer's (server/db/appeal-intake.ts).
 */
export async function storeAppeal(
  data: Pick<DataLayer, "appealIntake" | "acknowledgementCounts">,
  appeal: NewAppeal,
  files: readonly NewAttachment[] = [],
): Promise<StoredAppealReceipt> {
  const intake = appealIntakeOf(data.acknowledgementCounts, appeal, files);
  const receipt = await data.appealIntake.store(intake);
  rememberIfFull(data.acknowledgementCounts, intake, receipt);
  return receipt;
}

type Counts = DataLayer["acknowledgementCounts"];

/**
 * An appeal with its mails as the intake stores it: the handlers' notification and the author's
 * acknowledgement, counted against the day's cap of the address. Also for an appeal stored in a
 * transaction with more (a follow-up read from the mailbox: server/mail/inbound/follow-up.ts).
 */
export function appealIntakeOf(
  counts: Counts,
  appeal: NewAppeal,
  files: readonly NewAttachment[] = [],
): AppealIntake {
  const key = emailKey(appeal.email);
  const day = kirovIsoDate(appeal.created_at);
  // Full once is full for the rest of the day: no row to touch (decision 0026).
  const full = counts.knownFull(key, day);
  return {
    appeal,
    notification: { kind: "appeal-notification", recipients: notificationRecipients(appeal) },
    acknowledgement: { kind: "appeal-acknowledgement", recipients: [{ address: appeal.email }] },
    emailKey: key,
    count: full ? undefined : { day, limit: acknowledgementLimit.perAddress },
    files,
  };
}

/** Once the intake committed: a count found full is remembered for the rest of the day. */
export function rememberIfFull(
  counts: Counts,
  intake: AppealIntake,
  receipt: { acknowledged: boolean },
): void {
  if (!receipt.acknowledged && intake.count) counts.rememberFull(intake.emailKey, intake.count.day);
}

/** The handlers; and, for a corruption report, the anticorruption group too (decision 0044). */
function notificationRecipients(appeal: NewAppeal): Recipient[] {
  return appeal.topic === corruptionReportTopic
    ? [{ group: "handlers" }, { group: "anticorruption" }]
    : [{ group: "handlers" }];
}
