/**
 * The mails of the site's editions (issue 43), written to the outbox in the transaction of the
 * step that calls for them (submitted, returned, published), so a step and its mail commit
 * together or not at all; the one sender sends them (server/mail/delivery-mails.ts composes
 * them). A head hears of an edition awaiting them at once, unless they chose the daily digest
 * (site-approval-digest.ts); the editor hears of theirs returned or published. The one who did
 * the step is never told of it, nor an account disabled or without an e-mail. One delivery per
 * recipient: nobody reads another's address.
 */
import type { EditablePage } from "../../domain/site-content/site-editions.ts";
import type { DataLayer } from "../db/data-layer.ts";
import type { SqlExecutor } from "../db/database.ts";

/** An edition as the step saw it: its page and the editor who handed it over, if any. */
type StepEdition = { id: number; page: EditablePage; submittedBy: string | null };

export type SiteNotifications = ReturnType<typeof createSiteNotifications>;

export function createSiteNotifications(data: Pick<DataLayer, "siteNotices" | "deliveries">) {
  /** The editor's mail, unless they did the step themselves or cannot get mail. */
  async function toEditor(
    edition: StepEdition,
    by: string,
    kind: "site-returned" | "site-published",
    payload: Record<string, string | number>,
    at: Date,
    tx: SqlExecutor,
  ) {
    const editor = edition.submittedBy;
    if (!editor || editor === by) return;
    const recipient = await data.siteNotices.recipient(editor, tx);
    if (!recipient) return;
    await data.deliveries.enqueue(
      {
        kind,
        recipients: [{ address: recipient.email }],
        payload: { page: edition.page, edition: edition.id, by, ...payload },
        at,
      },
      tx,
    );
  }

  return {
    /** An edition handed to the heads: each who chose a mail at once gets one. */
    async awaiting(
      edition: { id: number; page: EditablePage },
      by: string,
      at: Date,
      tx: SqlExecutor,
    ) {
      for (const head of await data.siteNotices.approvers("immediate", by, tx)) {
        await data.deliveries.enqueue(
          {
            kind: "site-awaiting-approval",
            recipients: [{ address: head.email }],
            payload: { page: edition.page, edition: edition.id, by },
            at,
          },
          tx,
        );
      }
    },

    /** Returned with the head's comment (a staff member's words about the page, kept with it). */
    returned: (edition: StepEdition, by: string, comment: string, at: Date, tx: SqlExecutor) =>
      toEditor(edition, by, "site-returned", { comment }, at, tx),

    /** Published: approved now, or at its scheduled moment. */
    published: (
      edition: StepEdition,
      by: string,
      how: "approved" | "scheduled",
      at: Date,
      tx: SqlExecutor,
    ) => toEditor(edition, by, "site-published", { how }, at, tx),
  };
}
