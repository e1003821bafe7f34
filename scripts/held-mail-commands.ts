// `npm run appeals -- held-mail`, `release-mail` and `cancel-mail` (scripts/appeals-cli.ts): the
// operator's decision on the mail a restore held (decision 0022). They work while the servers
// run: a released mail goes at a sender's next read of the outbox.
import { formatKirovDateTime } from "../domain/time/kirov-time.ts";
import { eventEntry } from "../server/db/audit-repository.ts";
import type { DataLayer } from "../server/db/data-layer.ts";
import type { DeliveryKind } from "../server/db/deliveries-repository.ts";
import type { HeldFilter, HoldDecision } from "../server/db/delivery-holds-repository.ts";

/** '3d', '12h', '90m': an age, in milliseconds; undefined when it is not one. */
export function parseAge(text: string): number | undefined {
  const parts = /^(\d{1,6})([mhd])$/.exec(text);
  if (!parts) return undefined;
  const unit = { m: 60_000, h: 3_600_000, d: 86_400_000 }[parts[2] as "m" | "h" | "d"];
  return Number(parts[1]) * unit;
}

function age(fromIso: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(fromIso)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 48
    ? `${hours} h ${minutes % 60} min`
    : `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

export async function listHeldMail(data: DataLayer, json: boolean, now = new Date()) {
  const waiting = await data.deliveryHolds.waiting();
  if (json) {
    process.stdout.write(`${JSON.stringify(waiting, null, 2)}\n`);
    return;
  }
  if (waiting.length === 0) {
    console.log("No mail is held.");
    return;
  }
  console.log("Mail held since a restore, waiting for your decision (written: Kirov time):");
  console.log(
    "kind                      count  oldest written (age)                newest written (age)",
  );
  for (const held of waiting) {
    const oldest = `${formatKirovDateTime(new Date(held.oldestWrittenAt))} (${age(held.oldestWrittenAt, now)})`;
    const newest = `${formatKirovDateTime(new Date(held.newestWrittenAt))} (${age(held.newestWrittenAt, now)})`;
    console.log(
      `${held.kind.padEnd(24)}  ${String(held.count).padStart(5)}  ${oldest.padEnd(34)}  ${newest}`,
    );
  }
  const total = waiting.reduce((sum, held) => sum + held.count, 0);
  console.log(
    `${total} mail(s) held. Release them (they go out) or cancel them (they went before the loss, or are not wanted):\n  npm run appeals -- release-mail --all | --kind KIND | --older-than AGE\n  npm run appeals -- cancel-mail --all | --kind KIND | --older-than AGE`,
  );
}

export async function decideHeldMail(
  data: DataLayer,
  decision: HoldDecision,
  filter: { kind?: DeliveryKind; olderThanMs?: number },
  now = new Date(),
) {
  const held: HeldFilter = {
    kind: filter.kind,
    writtenBefore:
      filter.olderThanMs === undefined ? undefined : new Date(now.getTime() - filter.olderThanMs),
  };
  const by = `команда appeals ${decision === "released" ? "release-mail" : "cancel-mail"} (${process.env.USER ?? "оператор"})`;
  const counts = await data.transaction(async (tx) => {
    const decided = await data.deliveryHolds.decide(decision, held, now, tx);
    await data.audit.record(
      eventEntry(
        now,
        by,
        decision === "released" ? "held-mail-released" : "held-mail-cancelled",
        JSON.stringify({
          kind: filter.kind ?? null,
          olderThanMs: filter.olderThanMs ?? null,
          counts: decided,
        }),
      ),
      tx,
    );
    return decided;
  });
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  const perKind = Object.entries(counts)
    .map(([kind, count]) => `${kind}: ${count}`)
    .join(", ");
  console.log(
    `${decision === "released" ? "Released" : "Cancelled"} ${total} held mail(s)${perKind ? ` (${perKind})` : ""}${
      decision === "released"
        ? ": the servers send them at their next read of the outbox."
        : ": marked sent, they never go out."
    }`,
  );
  const left = (await data.deliveryHolds.waiting()).reduce((sum, kind) => sum + kind.count, 0);
  console.log(left === 0 ? "No mail is held any more." : `${left} mail(s) still held.`);
}
