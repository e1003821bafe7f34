/**
 * What a page's failure means to the one who asked (issue 43): a missing thing is a 404, the
 * store's own trouble a 503. Before, every error a loader or an action threw was a 503, «try again
 * in a few minutes», also for an address that names nothing and never will. A loader answers a
 * missing appeal, page, edition or announcement it looked for with a 404 of its own (`data(…,
 * { status: 404 })`); what reaches the door as an error is read here.
 */
import { storeFailure } from "../db/store-failure.ts";

/**
 * PostgreSQL's refusal of a value as a key (SQLSTATE class 22, data exception): a malformed UUID
 * (22P02), a number out of range (22003), as a hand-typed address or a form's hidden field may
 * carry. The row it named cannot exist; SQLite compares such a value and finds no row.
 */
const missingKeyStates = new Set(["22P02", "22003"]);

/** Which status a page's failure gets: 404 for a missing thing, else 503 (the store). */
export function failureStatus(failure: unknown): 404 | 503 {
  // A 5xx answered without an error kept (nothing thrown): the store's, as before.
  if (failure === null || typeof failure !== "object") return 503;
  // The store's own failure (a full disk, a lock, I/O) is never read as a missing thing.
  if (storeFailure(failure) !== null) return 503;
  const { code } = failure as { code?: unknown };
  if (typeof code === "string" && missingKeyStates.has(code)) return 404;
  // Anything else is counted as the store's, as before: a 503 asks to try again later, and the
  // log line names the error.
  return 503;
}
