/**
 * An appeal changed by someone else while a page showed it: every form carries the version it
 * was made from, and a change that finds another version is refused with this one message.
 */
import type { ActionResult } from "../../../domain/staff/staff-ports.ts";
import type { Transaction } from "../../db/database.ts";

export const changedMeanwhile: Exclude<ActionResult, { ok: true }> = {
  ok: false,
  status: 409,
  message: "Обращение изменилось, пока страница была открыта. Обновите её.",
};

/**
 * A draft written again (after another head returned it) while a head's page showed it: the
 * head's decision is refused, so nobody approves a text they have not read.
 */
export const draftChangedMeanwhile: Exclude<ActionResult, { ok: true }> = {
  ok: false,
  status: 409,
  message: "Проект изменился, пока страница была открыта. Обновите её.",
};

/** Thrown inside a transaction to undo its earlier writes: the appeal changed meanwhile. */
export class AppealChangedMeanwhile extends Error {}

/**
 * Runs `work` in one transaction. `work` answers false when nothing was written yet and the form
 * lost to a change made meanwhile; a change found lost after writes throws
 * `AppealChangedMeanwhile`, which undoes them all: both come out as false.
 */
export async function undoneIfChangedMeanwhile(
  transaction: <T>(work: (tx: Transaction) => Promise<T>) => Promise<T>,
  work: (tx: Transaction) => Promise<boolean>,
): Promise<boolean> {
  try {
    return await transaction(work);
  } catch (error) {
    if (error instanceof AppealChangedMeanwhile) return false;
    throw error;
  }
}
