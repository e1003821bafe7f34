/**
 * A stored edition's row as the repository hands it out (site-editions-repository.ts): its
 * content parsed, not yet checked by its page's schema, and its revision, the hash of the text
 * stored (edition-revision.ts).
 */
import type { EditionState, EditionView } from "../../domain/site-content/site-editions.ts";
import { isoMoment, nullableMoment, nullableText, type SqlRow } from "./database.ts";
import { editionRevision } from "./edition-revision.ts";

/** An edition as stored: its content not yet checked by its page's schema. */
export type EditionRow = Omit<EditionView, "page" | "content"> & {
  page: string;
  /** Parsed JSON: the service checks it with the page's schema. */
  content: unknown;
};

export function toEdition(row: SqlRow): EditionRow {
  const stored = String(row.content);
  return {
    id: Number(row.id),
    page: String(row.page),
    state: String(row.state) as EditionState,
    content: JSON.parse(stored),
    revision: editionRevision(stored),
    createdBy: String(row.created_by),
    createdAt: isoMoment(row.created_at),
    changedBy: String(row.changed_by),
    changedAt: isoMoment(row.changed_at),
    submittedBy: nullableText(row.submitted_by),
    submittedAt: nullableMoment(row.submitted_at),
    returnedBy: nullableText(row.returned_by),
    returnedAt: nullableMoment(row.returned_at),
    returnComment: nullableText(row.return_comment),
    publishedBy: nullableText(row.published_by),
    publishedAt: nullableMoment(row.published_at),
    restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
    publishAt: nullableMoment(row.publish_at),
    scheduledBy: nullableText(row.scheduled_by),
  };
}
