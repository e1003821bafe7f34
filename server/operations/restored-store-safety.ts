/**
 * What a restore does to the restored store before any server runs on it, so that nothing is
 * issued or sent twice (issue 26, decision 0022):
 * - registration numbers go on from a new thousand, past the highest number the store may have
 *   given before the loss: the highest of the backup's rows, its counter and the last number the
 *   operator knows (the handlers' mailbox receives every one), plus a margin for the numbers given
 *   but not yet mailed when the store was lost;
 * - every mail pending in it is held until the operator releases or cancels it;
 * - every scheduled site edition whose moment has passed (it was due while the store was lost)
 *   is held likewise, published by no server until the operator decides (decision 0057);
 * - one audit line says so.
 * All in one transaction: a store is restored whole with these, or the restore fails.
 */
import { readRegistrationNumber } from "../../domain/appeals/registration-number.ts";
import { eventEntry } from "../db/audit-repository.ts";
import type { DataLayer } from "../db/data-layer.ts";
import type { DeliveryKind } from "../db/deliveries-repository.ts";
import {
  continueRegistrationAt,
  highestRegistrationSequence,
} from "../db/registration-sequence.ts";
import { type HeldEdition, holdOverdueEditions } from "../db/site-edition-holds.ts";

/** Numbers skipped past the highest known one unless the operator says otherwise. */
export const defaultNumberMargin = 10_000;

/** The numbers after a restore start at the next thousand, so the jump shows in the registry. */
const seriesStep = 1000;

export type RestoreSafetyOptions = {
  /** The sequence of the last number the operator knows was given, or null. */
  lastKnownSequence: number | null;
  margin: number;
  /** Who restored, for the audit line. */
  by: string;
  /** The backup's file name (no directory), for the audit line. */
  backupName: string;
  now: Date;
};

export type RestoreSafetyReport = {
  /** The highest sequence the restored store itself had taken (rows or counter). */
  highestInBackup: number;
  lastKnownSequence: number | null;
  /** The sequence of the next appeal. */
  nextSequence: number;
  /** Mails held, per kind. */
  held: Partial<Record<DeliveryKind, number>>;
  /** Scheduled site editions whose moment passed, held: the earliest moment first. */
  heldEditions: HeldEdition[];
};

/**
 * The first sequence of a new thousand with at least `margin` numbers never issued after
 * `highest`: 103 and 10,000 give 11,001 (10,897 skipped); 0 and 10,000 give 10,001.
 */
export function sequenceAfterRestore(highest: number, margin: number): number {
  return Math.ceil((highest + margin) / seriesStep) * seriesStep + 1;
}

/** The sequence in a registration number as people write it ('А-2026-001561'); undefined if none. */
export function sequenceOfNumber(text: string): number | undefined {
  const number = readRegistrationNumber(text);
  return number === undefined ? undefined : Number(number.split("-")[2]);
}

export async function secureRestoredStore(
  data: DataLayer,
  options: RestoreSafetyOptions,
): Promise<RestoreSafetyReport> {
  return data.transaction(async (tx) => {
    const highestInBackup = await highestRegistrationSequence(tx);
    const highestKnown = Math.max(highestInBackup, options.lastKnownSequence ?? 0);
    const nextSequence = sequenceAfterRestore(highestKnown, options.margin);
    await continueRegistrationAt(tx, nextSequence);
    const held = await data.deliveryHolds.holdPending(options.now, tx);
    const heldEditions = await holdOverdueEditions(tx, options.now);
    // No personal data: sequence numbers, counts and the backup's file name.
    await data.audit.record(
      eventEntry(
        options.now,
        options.by,
        "store-restored",
        JSON.stringify({
          backup: options.backupName,
          highestInBackup,
          lastKnown: options.lastKnownSequence,
          margin: options.margin,
          nextSequence,
          heldMail: held,
          heldEditions: heldEditions.map(({ id, page, publishAt }) => ({ id, page, publishAt })),
        }),
      ),
      tx,
    );
    const { lastKnownSequence } = options;
    return { highestInBackup, lastKnownSequence, nextSequence, held, heldEditions };
  });
}
