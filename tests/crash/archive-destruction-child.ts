// The child of archive-destruction-kill9.test.ts: approves an act through the archive's service
// on the store DATABASE_URL names, with the clock the test gives, and says on standard output how
// far the approval's transaction has come, so the test kills it at a known point:
//   node tests/crash/archive-destruction-child.ts <actId> <now ISO> <hold|cut>
// `cut`: «deleting» as the statement that destroys the appeals is sent, and the work goes on;
// `hold`: «deleted N» once that statement is done, inside the transaction, which then never
// commits (the test's SIGKILL ends it).
import { parseDatabaseUrl } from "../../server/config.ts";
import { openDataLayer } from "../../server/db/data-layer.ts";
import type { Transaction } from "../../server/db/database.ts";
import { createArchiveService } from "../../server/staff/archive/archive-service.ts";

const [actId = "", now = "", mode = ""] = process.argv.slice(2);
const data = await openDataLayer(parseDatabaseUrl(process.env.DATABASE_URL ?? ""));
const say = (line: string) => process.stdout.write(`${line}\n`);
const destroysAppeals = (sql: string) => sql.trimStart().startsWith("DELETE FROM appeals");

/** The transaction's executor, telling of the statement that destroys the appeals. */
function observed(tx: Transaction): Transaction {
  return {
    kind: tx.kind,
    inTransaction: true,
    all: (sql, params) => tx.all(sql, params),
    async run(sql, params) {
      if (!destroysAppeals(sql)) return tx.run(sql, params);
      if (mode === "cut") say("deleting");
      const deleted = await tx.run(sql, params);
      if (mode === "hold") {
        say(`deleted ${deleted}`);
        // Held open until the SIGKILL: the timer keeps the process alive meanwhile.
        await new Promise(() => setInterval(() => {}, 60_000));
      }
      return deleted;
    },
  };
}

const archive = createArchiveService({
  data: {
    ...data,
    transaction: <T>(work: (tx: Transaction) => Promise<T>) =>
      data.transaction((tx) => work(observed(tx))),
  },
  now: () => new Date(now),
});
say("ready");
const result = await archive.approveAct(
  { login: "anna", role: "head" },
  Number(actId),
  { number: "12", date: now.slice(0, 10) },
  0,
);
say(`result ${JSON.stringify(result)}`);
await data.close();
