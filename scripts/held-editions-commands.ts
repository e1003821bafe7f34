// `npm run appeals -- held-editions`, `release-editions` and `cancel-editions`
// (scripts/appeals-cli.ts): the operator's decision on the scheduled site editions a restore held
// because their moment passed while the store was lost (decision 0057), in the style of the held
// mail's commands. They work while the servers run: a released edition is published at a
// server's next check of due editions (every 30 s, and at start).
import { editablePages, isEditablePage } from "../domain/site-content/site-editions.ts";
import { formatKirovDateTime } from "../domain/time/kirov-time.ts";
import { eventEntry } from "../server/db/audit-repository.ts";
import type { DataLayer } from "../server/db/data-layer.ts";
import {
  decideHeldEditions,
  type EditionHoldDecision,
  type HeldEdition,
  heldEditions,
} from "../server/db/site-edition-holds.ts";

/** One held edition as the operator reads it: page, its address, edition, moment, who. */
export function heldEditionLine(held: HeldEdition): string {
  const path = isEditablePage(held.page) ? ` (${editablePages[held.page].path})` : "";
  const moment = `${formatKirovDateTime(new Date(held.publishAt))} Kirov time`;
  return `${held.page}${path} #${held.id}, scheduled for ${moment} by ${held.scheduledBy ?? "—"}`;
}

/** What the operator may do about them. */
export const heldEditionsAdvice =
  "Release them (published at the servers' next check) or cancel them (back to a draft, nothing published):\n  npm run appeals -- release-editions --all | --page PAGE\n  npm run appeals -- cancel-editions --all | --page PAGE";

export async function listHeldEditions(data: DataLayer, json: boolean) {
  const held = await data.transaction((tx) => heldEditions(tx));
  if (json) {
    process.stdout.write(`${JSON.stringify(held, null, 2)}\n`);
    return;
  }
  if (held.length === 0) {
    console.log("No scheduled edition is held.");
    return;
  }
  console.log(
    "Scheduled site editions held since a restore (their moment passed while the store was lost):",
  );
  for (const edition of held) console.log(`  ${heldEditionLine(edition)}`);
  console.log(`${held.length} edition(s) held. ${heldEditionsAdvice}`);
}

export async function decideHeldEditionsCommand(
  data: DataLayer,
  decision: EditionHoldDecision,
  filter: { page?: string },
  now = new Date(),
) {
  const command = decision === "released" ? "release-editions" : "cancel-editions";
  const by = `команда appeals ${command} (${process.env.USER ?? "оператор"})`;
  const decided = await data.transaction(async (tx) => {
    const editions = await decideHeldEditions(tx, decision, filter, now);
    // Cancelled: a draft again, in the same transaction, so no server can publish it meanwhile.
    if (decision === "cancelled") {
      for (const edition of editions) await data.siteEditions.unschedule(edition.id, by, now, tx);
    }
    await data.audit.record(
      eventEntry(
        now,
        by,
        decision === "released" ? "held-editions-released" : "held-editions-cancelled",
        JSON.stringify({
          page: filter.page ?? null,
          editions: editions.map(({ id, page, publishAt }) => ({ id, page, publishAt })),
        }),
      ),
      tx,
    );
    return editions;
  });
  const verb = decision === "released" ? "Released" : "Cancelled";
  console.log(
    `${verb} ${decided.length} held edition(s)${
      decision === "released"
        ? ": the servers publish them at their next check."
        : ": each is a draft again, nothing is published."
    }`,
  );
  for (const edition of decided) console.log(`  ${heldEditionLine(edition)}`);
  const left = (await data.transaction((tx) => heldEditions(tx))).length;
  console.log(left === 0 ? "No edition is held any more." : `${left} edition(s) still held.`);
}
