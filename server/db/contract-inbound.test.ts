// The mailbox as the registry keeps it (inbound-repository.ts, issue 46) on both stores: a message
// recorded once, in the caller's transaction, also when two servers record it at once; deliveries
// found by id and by the Message-ID they left with (recorded at markSent, or only in the copy as
// sent); bounces (a permanent one overrides a temporary one, never the other way round, and the
// outbox's reads show it); the waiting list, set aside or registered, their copies let go; the
// counts, and the answers not delivered for a head and for an executor.
import assert from "node:assert/strict";
import { test } from "node:test";
import { contractSuite } from "../../tests/support/data-layer-contract.ts";
import { sampleNewAppeal } from "../../tests/support/test-appeal.ts";
import type { DataLayer } from "./data-layer.ts";
import type { InboundRecord } from "./inbound-repository.ts";

const t0 = Date.parse("2026-07-01T07:00:00Z");
const at = (seconds: number) => new Date(t0 + seconds * 1000);
const citizenKinds = ["appeal-acknowledgement", "appeal-notice", "appeal-answer"] as const;

contractSuite(import.meta.filename, (store) => {
  const message = (sha256: string, more: Partial<InboundRecord> = {}): InboundRecord => ({
    sha256,
    readAt: at(0),
    kind: "auto-reply",
    state: "done",
    byteSize: 100,
    ...more,
  });

  /** An appeal with its notification and acknowledgement, both sent (claimed by `owner`). */
  const sentAppeal = async (data: DataLayer, seconds: number, owner: string) => {
    const stored = await data.appealIntake.store({
      appeal: sampleNewAppeal(at(seconds).toISOString()),
      notification: { kind: "appeal-notification", recipients: [{ group: "handlers" }] },
      acknowledgement: {
        kind: "appeal-acknowledgement",
        recipients: [{ address: "ivan@example.ru" }],
      },
      emailKey: `key-${seconds}`,
      count: { day: "2026-07-01", limit: 5 },
    });
    const claimed = await data.deliveries.claimDue({
      now: at(seconds + 1),
      owner,
      leaseUntil: at(seconds + 60),
      limit: 10,
    });
    const byKind = Object.fromEntries(claimed.map((delivery) => [delivery.kind, delivery.id]));
    const notification = byKind["appeal-notification"] ?? "";
    const acknowledgement = byKind["appeal-acknowledgement"] ?? "";
    const raw = Buffer.from("Message-ID: <x>\r\n\r\nТекст\r\n");
    const ackId = `<acknowledgement-${stored.id}@example.ru>`;
    assert.equal(
      await data.deliveries.markSent(notification, owner, at(seconds + 2), undefined, "<n@x>"),
      true,
    );
    assert.equal(
      await data.deliveries.markSent(acknowledgement, owner, at(seconds + 2), {
        messageId: ackId,
        to: "ivan@example.ru",
        raw,
      }),
      true,
    );
    return { ...stored, notification, acknowledgement, ackId };
  };

  test("a message is recorded once: again false, a rolled-back one not at all, two servers at once one", async () => {
    const { data } = store;
    assert.equal(await data.transaction((tx) => data.inbound.record(message("a"), tx)), true);
    assert.equal(await data.transaction((tx) => data.inbound.record(message("a"), tx)), false);
    await assert.rejects(
      data.transaction(async (tx) => {
        assert.equal(await data.inbound.record(message("b"), tx), true);
        throw new Error("rolled back");
      }),
      /rolled back/,
    );
    assert.equal(await data.transaction((tx) => data.inbound.record(message("b"), tx)), true);
    const other = await store.another();
    for (let round = 0; round < 5; round += 1) {
      const sha = `together-${round}`;
      const results = await Promise.all(
        [data, other].map((layer) =>
          layer.transaction((tx) => layer.inbound.record(message(sha), tx)),
        ),
      );
      assert.deepEqual(results.toSorted(), [false, true], `round ${round}`);
    }
    assert.equal(await data.inbound.autoReplyCount(), 7);
  });

  test("deliveries by id and by Message-ID (recorded at markSent, or only in the copy as sent), and their appeal", async () => {
    const { data } = store;
    const sent = await sentAppeal(data, 100, "finder");
    const [ack, notification] = [
      await data.inbound.delivery(sent.acknowledgement),
      await data.inbound.delivery(sent.notification),
    ];
    assert.deepEqual(ack, {
      id: sent.acknowledgement,
      kind: "appeal-acknowledgement",
      appealId: sent.id,
      state: "sent",
      bounce: null,
    });
    assert.equal(notification?.kind, "appeal-notification");
    for (const typed of ["abc", "0", "99999999", "1e3", "1; DROP TABLE deliveries"]) {
      assert.equal(await data.inbound.delivery(typed), undefined, typed);
    }
    const bare = sent.ackId.slice(1, -1);
    assert.equal((await data.inbound.deliveryByMessageId([bare], undefined))?.id, ack?.id);
    assert.equal(
      (await data.inbound.deliveryByMessageId(["unknown@x", sent.ackId], citizenKinds))?.id,
      ack?.id,
    );
    assert.equal(await data.inbound.deliveryByMessageId(["n@x"], citizenKinds), undefined);
    assert.equal(
      (await data.inbound.deliveryByMessageId(["n@x"], undefined))?.id,
      sent.notification,
    );
    assert.equal(await data.inbound.deliveryByMessageId([], undefined), undefined);
    // A mail sent before its Message-ID was recorded with it: found by its copy as sent.
    await data.transaction((tx) =>
      tx.run("UPDATE deliveries SET message_id = NULL WHERE id = ?", [
        Number(sent.acknowledgement),
      ]),
    );
    assert.equal((await data.inbound.deliveryByMessageId([bare], citizenKinds))?.id, ack?.id);
    assert.equal((await data.inbound.appealOf(sent.acknowledgement))?.number, sent.number);
    assert.equal(await data.inbound.appealOf("12345678"), undefined);
  });

  test("a permanent bounce overrides a temporary one, never the other way round; the outbox shows it", async () => {
    const { data } = store;
    const sent = await sentAppeal(data, 200, "bouncer");
    const mark = (permanent: boolean, reason: string, seconds: number) =>
      data.transaction((tx) =>
        data.inbound.markBounced(
          sent.acknowledgement,
          { permanent, status: permanent ? "5.1.1" : "4.2.2", reason, at: at(seconds) },
          tx,
        ),
      );
    assert.equal(await mark(false, "ящик переполнен", 210), true);
    assert.deepEqual((await data.deliveries.statusOf(sent.id, "appeal-acknowledgement"))?.bounce, {
      permanent: false,
      reason: "ящик переполнен",
      status: "4.2.2",
      at: at(210).toISOString(),
    });
    assert.equal(await mark(true, "нет такого адреса", 220), true);
    assert.equal(await mark(false, "ящик переполнен", 230), false);
    const expected = {
      permanent: true,
      reason: "нет такого адреса",
      status: "5.1.1",
      at: at(220).toISOString(),
    };
    assert.deepEqual(
      (await data.deliveries.statusOf(sent.id, "appeal-acknowledgement"))?.bounce,
      expected,
    );
    const mails = await data.deliveries.ofAppeal(sent.id, citizenKinds);
    assert.deepEqual(
      mails.map((mail) => mail.bounce),
      [expected],
    );
    assert.equal((await data.inbound.delivery(sent.acknowledgement))?.bounce, "permanent");
    // Nothing came back for the handlers' notification: no bounce at all in the outbox's reads.
    const status = await data.deliveries.statusOf(sent.id, "appeal-notification");
    assert.equal(status && "bounce" in status, false);
  });

  test("waiting messages: listed oldest first, opened with their copy, set aside or registered once", async () => {
    const { data } = store;
    const raw = Buffer.from([0x46, 0x72, 0x6f, 0x6d, 0x3a, 0xff, 0x00, 0x0d, 0x0a]);
    const waiting: InboundRecord[] = [
      message("w1", {
        readAt: at(301),
        kind: "unmatched",
        state: "waiting",
        from: "ivan@example.ru",
        subject: "Вопрос",
        sentAt: at(250).toISOString(),
        raw,
        byteSize: raw.length,
      }),
      message("w2", { readAt: at(302), kind: "unreadable", state: "waiting", reason: "битое" }),
      message("w3", { readAt: at(303), kind: "bounce", state: "waiting", reason: "нет адреса" }),
      message("w4", { readAt: at(304), kind: "reply", state: "done", appealNumber: "А-1" }),
    ];
    await data.transaction(async (tx) => {
      for (const entry of waiting) assert.equal(await data.inbound.record(entry, tx), true);
      await data.inbound.noteFollowUp("w4", "А-2026-000777", tx);
    });
    const listed = await data.inbound.waiting();
    assert.deepEqual(
      listed.map((entry) => [entry.kind, entry.from, entry.subject, entry.reason]),
      [
        ["unmatched", "ivan@example.ru", "Вопрос", null],
        ["unreadable", null, null, "битое"],
        ["unmatched", null, null, "нет адреса"],
      ],
    );
    assert.equal(await data.inbound.waitingCount(), 3);
    const [first, second, third] = listed.map((entry) => entry.id);
    const opened = await data.inbound.waitingMessage(first ?? 0);
    assert.equal(opened?.sentAt, at(250).toISOString());
    assert.equal(opened?.byteSize, raw.length);
    assert.equal(Buffer.compare(opened?.raw ?? Buffer.alloc(0), raw), 0, "byte for byte");
    assert.equal((await data.inbound.waitingMessage(second ?? 0))?.raw, null);

    const by = { login: "registrar", at: at(400) };
    const handled = await data.transaction(async (tx) => [
      await data.inbound.setAside(second ?? 0, by, tx),
      await data.inbound.setAside(second ?? 0, by, tx),
      await data.inbound.markRegistered(first ?? 0, { ...by, number: "А-2026-000900" }, tx),
      await data.inbound.markRegistered(
        third ?? 0,
        { ...by, number: "А-1", followUpOf: "А-0" },
        tx,
      ),
      await data.inbound.setAside(first ?? 0, by, tx),
    ]);
    assert.deepEqual(handled, [true, false, true, true, false]);
    assert.equal(await data.inbound.waitingMessage(first ?? 0), undefined);
    assert.deepEqual(await data.inbound.waiting(), []);
    assert.equal(await data.inbound.waitingCount(), 0);
    const rows = await data.transaction((tx) =>
      tx.all(
        `SELECT sha256, state, handled_by, raw, appeal_number, follow_up_number
         FROM inbound_messages WHERE sha256 IN ('w1', 'w2', 'w3', 'w4') ORDER BY sha256`,
      ),
    );
    assert.deepEqual(
      rows.map((row) => [
        row.state,
        row.handled_by,
        row.raw,
        row.appeal_number,
        row.follow_up_number,
      ]),
      [
        ["registered", "registrar", null, null, "А-2026-000900"],
        ["set-aside", "registrar", null, null, null],
        ["registered", "registrar", null, "А-0", "А-1"],
        ["done", null, null, "А-1", "А-2026-000777"],
      ],
    );
  });

  test("answers not delivered: a permanent bounce until a resend is sent or the answer goes by post", async () => {
    const { data } = store;
    const sent = await sentAppeal(data, 500, "answers");
    await data.transaction((tx) =>
      tx.run("UPDATE appeals SET assignee = 'executor-1' WHERE id = ?", [sent.id]),
    );
    const answerId = await data.transaction((tx) =>
      data.answers.insert(
        {
          appealId: sent.id,
          text: "Ответ",
          outgoingNumber: null,
          staffLogin: "executor-1",
          createdAt: at(510),
          answeredOn: "2026-07-01",
        },
        tx,
      ),
    );
    /** The answer's mail written and sent at `seconds`: its delivery's id. */
    const answerMail = async (seconds: number, send = true) => {
      await data.deliveries.enqueue({
        kind: "appeal-answer",
        appealId: sent.id,
        recipients: [{ address: "ivan@example.ru" }],
        payload: { answer: answerId ?? "" },
        at: at(seconds),
      });
      const [claimed] = await data.deliveries.claimDue({
        now: at(seconds),
        owner: "answers",
        leaseUntil: at(seconds + 60),
        limit: 1,
      });
      const id = claimed?.id ?? "";
      const messageId = `<answer-${answerId}@example.ru>`;
      if (send) await data.deliveries.markSent(id, "answers", at(seconds), undefined, messageId);
      return id;
    };
    const bounce = (id: string, seconds: number) =>
      data.transaction((tx) =>
        data.inbound.markBounced(
          id,
          { permanent: true, status: "5.1.1", reason: "нет такого адреса", at: at(seconds) },
          tx,
        ),
      );
    const counts = async () => [
      await data.inbound.undeliveredAnswers(),
      await data.inbound.undeliveredAnswers({ assignee: "executor-1" }),
      await data.inbound.undeliveredAnswers({ assignee: "executor-2" }),
    ];
    const before = await data.inbound.undeliveredAnswers();
    const first = await answerMail(520);
    assert.deepEqual(await counts(), [before, 0, 0]);
    await bounce(first, 530);
    assert.deepEqual(await counts(), [before + 1, 1, 0]);
    // Resent to a corrected address: still not delivered while the resend waits…
    const resend = await answerMail(540, false);
    assert.deepEqual(await counts(), [before + 1, 1, 0]);
    assert.equal(await data.deliveries.markSent(resend, "answers", at(541)), true);
    // …delivered once it left, unless it bounced for good too.
    assert.deepEqual(await counts(), [before, 0, 0]);
    await bounce(resend, 550);
    assert.deepEqual(await counts(), [before + 1, 1, 0]);
    const post = { on: "2026-07-02", address: "Киров, ул. Ленина, 1", login: "executor-1" };
    await data.transaction((tx) => data.answers.recordByPost(sent.id, post, tx));
    assert.deepEqual(await counts(), [before, 0, 0]);
  });
});
