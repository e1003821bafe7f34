/**
 * An edition's fingerprint: a hash of its content as stored. The head's approval forms carry
 * the one their page showed, and an approval that finds another is refused (issue 40): an
 * editor who changes an edition awaiting approval sends it back to the same state under the same
 * id, so the id and the state alone cannot tell what the head reviewed. A hash, not a counter:
 * no column to keep in step on both stores, and an edition changed and changed back is the text
 * the head read. 64 bits of SHA-256 are plenty against an accidental match among one page's edits.
 */
import { createHash } from "node:crypto";

export function editionRevision(content: unknown): string {
  return createHash("sha256").update(JSON.stringify(content)).digest("hex").slice(0, 16);
}
