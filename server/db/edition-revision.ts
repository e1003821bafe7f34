/**
 * An edition's fingerprint: a hash of its content's text as stored. The head's approval forms
 * carry the one their page showed, and an approval that finds another is refused (issue 40): an
 * editor who changes an edition awaiting approval sends it back to the same state under the same
 * id, so the id and the state alone cannot tell what the head reviewed. A hash, not a counter:
 * no column to keep in step on both stores, and an edition changed and changed back is the text
 * the head read. 64 bits of SHA-256 are plenty against an accidental match among one page's edits.
 * Of the stored text, not of the content written out again: a 4 MB edition took JSON.stringify
 * 50–100 ms in one turn, the text's hash 6–10 ms.
 */
import { createHash } from "node:crypto";

export function editionRevision(storedText: string): string {
  return createHash("sha256").update(storedText).digest("hex").slice(0, 16);
}
