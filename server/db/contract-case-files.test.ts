// The case file's reads on both stores (case-file-repository.ts, issue 45): the cases closed in a
// year by their closing day, and the mails to an appeal's author that left, each with its copy as
// sent when one was kept (markSent with a copy, in the same transaction), none for the handlers'.
import assert from "node:assert/strict";
import { test } from "node:test";
import { contractSuite } from "../../tests/support/data-layer-contract.ts";
import { sampleNewAppeal } from "../../tests/support/test-appeal.ts";

contractSuite(import.meta.filename, (store) => {
  test("a year's closed cases, and the author's mails with their copies as sent", async () => {
    const { data } = store;
    const stored = await data.appealIntake.store({
      appeal: sampleNewAppeal("2026-12-30T08:00:00Z"),
      notification: { kind: "appeal-notification", recipients: [{ group: "handlers" }] },
      acknowledgement: {
        kind: "appeal-acknowledgement",
        recipients: [{ address: "a@example.ru" }],
      },
      emailKey: "key",
      count: { day: "2026-12-30", limit: 5 },
    });
    await data.transaction((tx) =>
      tx.run("UPDATE appeals SET closed_on = ? WHERE id = ?", ["2026-12-31", stored.id]),
    );
    assert.deepEqual(await data.caseFiles.closedIn(2026), [
      { id: stored.id, number: stored.number, closedOn: "2026-12-31" },
    ]);
    assert.deepEqual(await data.caseFiles.closedIn(2027), []);

    const at = new Date("2026-12-30T08:01:00Z");
    const claimed = await data.deliveries.claimDue({
      now: at,
      owner: "a",
      leaseUntil: new Date(at.getTime() + 60_000),
      limit: 10,
    });
    const raw = Buffer.from([0x46, 0x72, 0x6f, 0x6d, 0x3a, 0x20, 0xff, 0x00, 0x0d, 0x0a]);
    for (const delivery of claimed) {
      const copy = { messageId: `<${delivery.kind}@example.ru>`, to: "a@example.ru", raw };
      assert.equal(await data.deliveries.markSent(delivery.id, "a", at, copy), true);
    }
    const mails = await data.caseFiles.sentAuthorMails(stored.id);
    assert.deepEqual(
      mails.map((mail) => [mail.kind, mail.copy?.messageId, mail.copy?.to, mail.copy?.sentAt]),
      [
        [
          "appeal-acknowledgement",
          "<appeal-acknowledgement@example.ru>",
          "a@example.ru",
          at.toISOString(),
        ],
      ],
    );
    assert.equal(Buffer.compare(mails[0]?.copy?.raw ?? Buffer.alloc(0), raw), 0, "byte for byte");
  });
});
