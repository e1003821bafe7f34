// A process approving an act of destruction killed with SIGKILL (issue 45), on both stores: the
// approval and the destruction of its cases are one transaction, so the store reopened holds all
// or nothing of it: every listed case gone and the act approved, or every case there, with its
// files, notes and history, and the act still a draft that can be approved. The child
// (archive-destruction-child.ts) says how far its transaction has come; the kill waits for that
// line, so it lands where it must however loaded the machine: once after the appeals' DELETE
// has run and before the commit (nothing may be left destroyed), once as that DELETE is sent
// (either outcome, never a part). 800 cases, each with a file, a note and audit lines: the kill
// waits for the child's line, not for the DELETE to be long (2,500 cost 45 s of a CI run, mostly
// seeding).
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { parseDatabaseUrl } from "../../server/config.ts";
import { appealEntry } from "../../server/db/audit-repository.ts";
import { type DataLayer, openDataLayer } from "../../server/db/data-layer.ts";
import { createArchiveService } from "../../server/staff/archive/archive-service.ts";
import { exited } from "../support/server-process.ts";
import { sampleNewAppeal } from "../support/test-appeal.ts";
import { testDatabaseKinds } from "../support/test-databases.ts";

const cases = 800;
const now = "2031-02-03T09:00:00.000Z";
const head = { login: "anna", role: "head" } as const;
const child = fileURLToPath(new URL("./archive-destruction-child.ts", import.meta.url));

/** Closed in 2024 («5 лет ЭПК», due since 2030), each with a file, a note and an audit line. */
async function seed(data: DataLayer): Promise<string[]> {
  const at = new Date("2024-03-01T08:00:00Z");
  const store = (overrides = {}) =>
    data.transaction(async (tx) => {
      const { id } = await data.appeals.insert(sampleNewAppeal(at.toISOString(), overrides), tx);
      await data.attachments.insertAll(
        id,
        { kind: "appeal", id },
        [{ fileName: "скан.pdf", mediaType: "application/pdf", content: new Uint8Array(64) }],
        at,
        tx,
      );
      await data.notes.add({ appealId: id, staffLogin: "rita", text: "Заметка", at }, tx);
      await data.audit.record(appealEntry(at, "rita", id, "note"), tx);
      return id;
    });
  for (let index = 0; index < cases; index += 100) {
    await Promise.all(Array.from({ length: 100 }, () => store()));
  }
  const kept = [await store({ topic: "corruption-report" }), await store()];
  await data.transaction(async (tx) => {
    await tx.run(
      `UPDATE appeals SET state = 'answered', registered_on = '2024-03-01',
         answered_on = '2024-05-10', closed_on = '2024-05-10'
       WHERE id <> ?`,
      [kept[1] ?? ""],
    );
  });
  return kept;
}

/** What is stored: the appeals (the listed ones and the two kept), their files, notes, audit. */
async function stored(data: DataLayer) {
  const count = async (table: string, where = "") =>
    Number(
      (await data.transaction((tx) => tx.all(`SELECT COUNT(*) AS n FROM ${table} ${where}`)))[0]
        ?.n ?? Number.NaN,
    );
  return {
    appeals: await count("appeals"),
    attachments: await count("attachments"),
    notes: await count("appeal_notes"),
    audit: await count("staff_audit", "WHERE appeal_id IS NOT NULL"),
  };
}

/** Starts the child; `line` resolves on its first line matching, rejects if it ends first. */
function approvingChild(url: string, actId: number, mode: "hold" | "cut") {
  const running = spawn(process.execPath, [child, String(actId), now, mode], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let ended = false;
  const waiting = new Set<() => void>();
  const heard = () => {
    for (const look of waiting) look();
  };
  running.stdout?.on("data", (chunk) => {
    output += chunk;
    heard();
  });
  running.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  running.once("exit", () => {
    ended = true;
    heard();
  });
  const line = (wanted: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const look = () => {
        const found = output.split("\n").find((text) => wanted.test(text));
        if (found !== undefined) resolve(found);
        else if (ended) reject(new Error(`the child ended before ${wanted}:\n${output}`));
        else return;
        waiting.delete(look);
      };
      waiting.add(look);
      look();
    });
  return { process: running, line };
}

async function kill(running: ChildProcess) {
  running.kill("SIGKILL");
  await exited(running);
  assert.equal(running.signalCode, "SIGKILL", "killed, not finished");
}

for (const kind of testDatabaseKinds) {
  describe(`kill -9 during an act's destruction, ${kind.name}`, () => {
    test("the store reopened holds all of the destruction or none of it", async (t) => {
      const started = Date.now();
      const mark = (what: string) => t.diagnostic(`${what} at ${Date.now() - started} ms`);
      const database = await kind.create();
      const config = parseDatabaseUrl(database.url);
      let data = await openDataLayer(config);
      try {
        const kept = await seed(data);
        const archive = () => createArchiveService({ data, now: () => new Date(now) });
        mark("seeded");
        const made = await archive().makeAct(head, null);
        assert.ok(made.ok, JSON.stringify(made));
        const { actId } = made;
        assert.equal((await archive().act(head, actId))?.listed, cases);
        const before = await stored(data);
        const whole = {
          appeals: cases + 2,
          attachments: cases + 2,
          notes: cases + 2,
          audit: cases + 2,
        };
        assert.deepEqual(before, whole);
        await data.close();

        // Killed after the appeals' DELETE ran, before the commit: nothing is destroyed.
        const held = approvingChild(database.url, actId, "hold");
        assert.equal(await held.line(/^deleted /), `deleted ${cases}`);
        mark("held");
        await kill(held.process);
        data = await openDataLayer(config);
        assert.deepEqual(await stored(data), whole, "every case is there, whole");
        const draft = await archive().act(head, actId);
        assert.deepEqual([draft?.state, draft?.version, draft?.approved], ["draft", 0, null]);
        await data.close();

        // Killed as the DELETE is sent: all or nothing.
        const cut = approvingChild(database.url, actId, "cut");
        await cut.line(/^deleting$/);
        await kill(cut.process);
        data = await openDataLayer(config);
        const after = await stored(data);
        const act = await archive().act(head, actId);
        mark(`cut: the act ${act?.state}`);
        if (act?.state === "approved") {
          assert.equal(after.appeals, 2, "approved: every listed case is gone");
          assert.equal(act.approved?.destroyed, cases);
        } else {
          assert.equal(act?.state, "draft");
          assert.deepEqual(after, whole, "a draft: every case is there, whole");
          assert.deepEqual(
            await archive().approveAct(head, actId, { number: "12", date: "2031-02-03" }, 0),
            { ok: true },
          );
        }
        mark("approved");
        assert.deepEqual(await stored(data), {
          appeals: 2,
          attachments: 2,
          notes: 2,
          audit: 2,
        });
        for (const id of kept) assert.ok(await data.appeals.findInRegistry(id));
        const approved = await archive().act(head, actId);
        assert.equal(approved?.state, "approved");
        assert.equal(approved?.cases.length, cases, "the act's list stays whole");
        assert.ok(approved?.cases.every((line) => line.appealId === null));
      } finally {
        await data.close().catch(() => {});
        await database.drop();
      }
    });
  });
}
