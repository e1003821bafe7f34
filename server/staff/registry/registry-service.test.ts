// A staff action and what it writes with it are one transaction on both databases: a change is
// never left without its audit line, and a mail a change calls for (a delivery) is written with
// it or not at all.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { sampleJpeg, samplePdf, sha256 } from "../../../tests/support/appeal-files.ts";
import { breakInserts, repairInserts } from "../../../tests/support/broken-inserts.ts";
import { runSql } from "../../../tests/support/direct-sql.ts";
import { newAppeal, storeAppealIn } from "../../../tests/support/staff-fixtures.ts";
import { type TestDatabase, testDatabaseKinds } from "../../../tests/support/test-databases.ts";
import { storeAppeal } from "../../appeals/store-appeal.ts";
import { parseDatabaseUrl } from "../../config.ts";
import { appealEntry } from "../../db/audit-repository.ts";
import { type DataLayer, openDataLayer } from "../../db/data-layer.ts";
import { createRegistryService } from "./registry-service.ts";

const now = new Date("2026-11-20T09:00:00Z");
/** A head: every action is hers. */
const anna = { login: "anna", role: "head" } as const;

for (const kind of testDatabaseKinds) {
  describe(`registry actions and their writes on ${kind.name}`, () => {
    let database: TestDatabase;
    let data: DataLayer;
    before(async () => {
      database = await kind.create();
      data = await openDataLayer(parseDatabaseUrl(database.url));
    });
    after(async () => {
      await data?.close();
      await database?.drop();
    });

    const registry = () => createRegistryService({ data, now: () => now });
    /** Runs `work` while `table` refuses every new row. */
    async function whileRefusing<T>(table: string, work: () => Promise<T>): Promise<T> {
      await breakInserts(database.url, table);
      try {
        return await work();
      } finally {
        await repairInserts(database.url, table);
      }
    }

    test("a state change whose audit line cannot be written is not made", async () => {
      const { id } = await storeAppealIn(data, new Date("2026-11-19T09:00:00Z"));
      const form = { intent: "register", version: 0, registered_on: "2026-11-20" } as const;
      await whileRefusing("staff_audit", () =>
        assert.rejects(registry().changeAppeal(anna, id, form), /staff_audit down/),
      );
      const unchanged = await data.appeals.findInRegistry(id);
      assert.deepEqual([unchanged?.state, unchanged?.version], ["new", 0]);
      assert.deepEqual(await data.audit.of(id), []);

      assert.deepEqual(await registry().changeAppeal(anna, id, form), { ok: true });
      assert.equal((await data.appeals.findInRegistry(id))?.state, "registered");
      assert.equal((await data.audit.of(id)).length, 1);
    });

    test("a notification's retry whose audit line cannot be written leaves it failed", async () => {
      const { id } = await storeAppealIn(data, new Date("2026-11-19T10:00:00Z"));
      await runSql(
        database.url,
        "UPDATE deliveries SET state = 'failed', attempts = 10 WHERE appeal_id = ?",
        [id],
      );
      const retry = { intent: "retry-notification" } as const;
      await whileRefusing("staff_audit", () =>
        assert.rejects(registry().changeAppeal(anna, id, retry), /staff_audit down/),
      );
      const status = await data.deliveries.statusOf(id, "appeal-notification");
      assert.deepEqual([status?.state, status?.attempts], ["failed", 10]);

      assert.deepEqual(await registry().changeAppeal(anna, id, retry), { ok: true });
      assert.equal((await data.deliveries.statusOf(id, "appeal-notification"))?.state, "pending");
    });

    test("a change, its audit line and the mail it calls for commit together or not at all", async () => {
      const { id } = await storeAppealIn(data, new Date("2026-11-19T11:00:00Z"));
      const pendingBefore = (await data.deliveries.backlog())["appeal-notification"].pending;
      // What an action that mails the citizen does: all three writes through one `tx`.
      const answer = () =>
        data.transaction(async (tx) => {
          assert.equal(
            await data.appeals.change(
              id,
              { version: 0, state: "new" },
              { state: "registered" },
              tx,
            ),
            true,
          );
          await data.audit.record(appealEntry(now, "anna", id, "register"), tx);
          await data.deliveries.enqueue(
            {
              kind: "appeal-notification",
              appealId: id,
              recipients: [{ address: "citizen@example.ru" }],
              at: now,
            },
            tx,
          );
        });
      await whileRefusing("deliveries", () => assert.rejects(answer(), /deliveries down/));
      assert.equal((await data.appeals.findInRegistry(id))?.state, "new");
      assert.deepEqual(await data.audit.of(id), []);

      await answer();
      assert.equal((await data.appeals.findInRegistry(id))?.state, "registered");
      assert.equal((await data.audit.of(id)).length, 1);
      assert.equal(
        (await data.deliveries.backlog())["appeal-notification"].pending,
        pendingBefore + 1,
      );
    });

    /** A registered appeal assigned to the executor 'ivan'. */
    async function assignedToIvan(at: string) {
      const { id } = await storeAppealIn(data, new Date(at), {
        state: "registered",
        registered_on: "2026-11-20",
        assignee: "ivan",
      });
      return id;
    }
    const ivan = { login: "ivan", role: "executor" } as const;
    const letter = {
      fileName: "письмо.pdf",
      mediaType: "application/pdf",
      content: Buffer.from("%PDF-1.7\n%%EOF\n"),
    };

    test("an answer whose file cannot be stored is not stored, nor the appeal answered", async () => {
      const id = await assignedToIvan("2026-11-19T11:00:00Z");
      const form = {
        intent: "answer",
        version: 1,
        answer_text: "Ответ",
        outgoing_number: null,
      } as const;
      await whileRefusing("attachments", () =>
        assert.rejects(registry().changeAppeal(anna, id, form, [letter]), /attachments down/),
      );
      assert.equal(await data.answers.ofAppeal(id), undefined);
      assert.equal((await data.appeals.findInRegistry(id))?.state, "registered");
      assert.equal(await data.deliveries.statusOf(id, "appeal-answer"), undefined);
    });

    test("an approval whose mail cannot be written leaves the draft waiting and the appeal open", async () => {
      const id = await assignedToIvan("2026-11-19T12:00:00Z");
      const drafted = await registry().changeAppeal(
        ivan,
        id,
        { intent: "answer", version: 1, answer_text: "Проект", outgoing_number: null },
        [letter],
      );
      assert.deepEqual(drafted, { ok: true });
      assert.equal((await data.answers.ofAppeal(id))?.state, "awaiting_approval");
      assert.equal(await data.deliveries.statusOf(id, "appeal-answer"), undefined, "no mail yet");
      const approve = { intent: "approve-answer", version: 1, draft_revision: 1 } as const;
      await whileRefusing("deliveries", () =>
        assert.rejects(registry().changeAppeal(anna, id, approve), /deliveries down/),
      );
      assert.equal((await data.answers.ofAppeal(id))?.state, "awaiting_approval");
      assert.equal((await data.appeals.findInRegistry(id))?.state, "registered");
      assert.deepEqual(await registry().changeAppeal(anna, id, approve), { ok: true });
      assert.equal((await data.appeals.findInRegistry(id))?.state, "answered");
      assert.equal((await data.deliveries.statusOf(id, "appeal-answer"))?.state, "pending");
    });

    const forward = {
      intent: "forward",
      version: 1,
      forwarded_to: "Министерство сельского хозяйства Кировской области",
      forwarded_on: "2026-11-20",
    } as const;

    test("an approved notice whose mail cannot be written leaves the draft waiting and the appeal unchanged", async () => {
      const id = await assignedToIvan("2026-11-19T12:30:00Z");
      assert.deepEqual(await registry().changeAppeal(ivan, id, forward), { ok: true });
      assert.equal((await data.noticeDrafts.ofAppeal(id))?.state, "awaiting_approval");
      const approve = { intent: "approve-notice", version: 1, draft_revision: 1 } as const;
      await whileRefusing("deliveries", () =>
        assert.rejects(registry().changeAppeal(anna, id, approve), /deliveries down/),
      );
      assert.equal((await data.noticeDrafts.ofAppeal(id))?.state, "awaiting_approval");
      const unchanged = await data.appeals.findInRegistry(id);
      assert.deepEqual(
        [unchanged?.state, unchanged?.version, unchanged?.forwarded_to],
        ["registered", 1, null],
      );
      assert.equal((await data.audit.of(id)).at(-1)?.action, "notice-drafted", "no approval line");

      assert.deepEqual(await registry().changeAppeal(anna, id, approve), { ok: true });
      assert.equal((await data.appeals.findInRegistry(id))?.state, "forwarded");
      assert.equal(await data.noticeDrafts.ofAppeal(id), undefined);
      assert.deepEqual(
        (await data.deliveries.ofAppeal(id, ["appeal-notice"])).map((mail) => mail.state),
        ["pending"],
      );
    });

    test("an approval that loses to a change made meanwhile keeps the draft waiting", async () => {
      const id = await assignedToIvan("2026-11-19T12:45:00Z");
      assert.deepEqual(await registry().changeAppeal(ivan, id, forward), { ok: true });
      // Someone changes the appeal after the approval has read it and its draft, before it writes.
      const racing = createRegistryService({
        data: {
          ...data,
          noticeDrafts: {
            ...data.noticeDrafts,
            async ofAppeal(appealId, tx) {
              const draft = await data.noticeDrafts.ofAppeal(appealId, tx);
              await runSql(database.url, "UPDATE appeals SET version = version + 1 WHERE id = ?", [
                appealId,
              ]);
              return draft;
            },
          },
        },
        now: () => now,
      });
      const approve = { intent: "approve-notice", version: 1, draft_revision: 1 } as const;
      assert.equal((await racing.changeAppeal(anna, id, approve)).ok, false);
      assert.equal((await data.noticeDrafts.ofAppeal(id))?.state, "awaiting_approval");
      assert.equal((await data.appeals.findInRegistry(id))?.state, "registered");
      assert.deepEqual(await data.deliveries.ofAppeal(id, ["appeal-notice"]), []);
    });

    test("with ANSWER_APPROVAL off an executor's answer goes out at once", async () => {
      const id = await assignedToIvan("2026-11-19T13:00:00Z");
      const direct = createRegistryService({ data, now: () => now, answerApproval: false });
      assert.deepEqual(
        await direct.changeAppeal(ivan, id, {
          intent: "answer",
          version: 1,
          answer_text: "Ответ без согласования",
          outgoing_number: null,
        }),
        { ok: true },
      );
      assert.equal((await data.answers.ofAppeal(id))?.state, "sent");
      assert.equal((await data.appeals.findInRegistry(id))?.state, "answered");
      assert.equal((await data.deliveries.statusOf(id, "appeal-answer"))?.state, "pending");
    });

    test("an executor's request for another's appeal is answered as for one that does not exist", async () => {
      const id = await assignedToIvan("2026-11-19T14:00:00Z");
      const petr = { login: "petr", role: "executor" } as const;
      assert.equal(await registry().getAppeal(petr, id), undefined);
      assert.deepEqual(await registry().changeAppeal(petr, id, { intent: "start", version: 1 }), {
        ok: false,
        status: 404,
        message: "Обращение не найдено.",
      });
      assert.ok(await registry().getAppeal(ivan, id));
    });

    test("a citizen's files: stored with the appeal or not at all, listed on its page, read only by who may see it", async () => {
      const at = new Date("2026-11-19T15:00:00Z");
      const files = [
        { fileName: "анализ.pdf", mediaType: "application/pdf", content: samplePdf },
        { fileName: "поле.jpg", mediaType: "image/jpeg", content: sampleJpeg },
      ];
      const email = "files.in.registry@example.ru";
      const appeal = newAppeal(at, { email });
      const stored = async () =>
        (await data.appeals.list()).filter((row) => row.email === email).length;
      await whileRefusing("attachments", () =>
        assert.rejects(storeAppeal(data, appeal, files), /attachments down/),
      );
      assert.equal(await stored(), 0, "no appeal without its files");

      const { id } = await storeAppeal(data, appeal, files);
      assert.equal(await stored(), 1);
      const page = await registry().getAppeal(anna, id);
      assert.deepEqual(
        page?.files.map((file) => [file.fileName, file.byteSize]),
        [
          ["анализ.pdf", samplePdf.length],
          ["поле.jpg", sampleJpeg.length],
        ],
      );
      const [first] = page?.files ?? [];
      assert.ok(first);
      assert.equal(
        sha256((await registry().attachment(anna, id, first.id))?.content ?? Buffer.alloc(0)),
        sha256(samplePdf),
      );
      await runSql(
        database.url,
        "UPDATE appeals SET state = 'registered', assignee = 'ivan' WHERE id = ?",
        [id],
      );
      const petr = { login: "petr", role: "executor" } as const;
      assert.equal(await registry().attachment(petr, id, first.id), undefined);
      assert.ok(await registry().attachment(ivan, id, first.id));
    });
  });
}
