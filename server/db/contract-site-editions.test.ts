// The site's editions on both stores (issue 28, decisions 0031 and 0039): a draft rewritten in
// place, handed to a head and sent back, published over the edition before (which stays in the
// history), scheduled and unscheduled, due at its moment, and an earlier edition published again.
// Times are given to every call, so nothing waits for a clock.
import assert from "node:assert/strict";
import { test } from "node:test";
import { contractSuite } from "../../tests/support/data-layer-contract.ts";

const t0 = Date.parse("2026-05-04T06:00:00Z");
const at = (minutes: number) => new Date(t0 + minutes * 60_000);
const iso = (minutes: number) => at(minutes).toISOString();

const vacancies = (title: string) => ({ items: [{ title, salary: "от 40 000 ₽" }] });
const prices = (price: number) => ({ rows: [{ service: "Анализ почвы", price }] });

contractSuite(import.meta.filename, (store) => {
  const editions = () => store.data.siteEditions;
  const draft = (page: string, content: unknown, minutes: number, by = "editor") =>
    store.data.transaction((tx) =>
      editions().saveDraft({ page, content, by, at: at(minutes) }, tx),
    );
  let first = 0;
  let second = 0;

  test("a draft is stored whole, rewritten in place, and is its page's edition worked on", async () => {
    first = await draft("vacancies", vacancies("Агроном"), 0);
    const stored = await editions().find(first);
    assert.match(
      stored?.revision ?? "",
      /^[0-9a-f]{16}$/,
      "the revision: a hash of the text stored",
    );
    assert.deepEqual(stored, {
      id: first,
      page: "vacancies",
      state: "draft",
      content: vacancies("Агроном"),
      revision: stored?.revision,
      createdBy: "editor",
      createdAt: iso(0),
      changedBy: "editor",
      changedAt: iso(0),
      submittedBy: null,
      submittedAt: null,
      returnedBy: null,
      returnedAt: null,
      returnComment: null,
      publishedBy: null,
      publishedAt: null,
      restoredFrom: null,
      publishAt: null,
      scheduledBy: null,
    });
    assert.equal(await draft("vacancies", vacancies("Химик"), 1, "editor2"), first);
    const rewritten = await editions().workedOn("vacancies");
    assert.equal(rewritten?.id, first);
    assert.notEqual(rewritten?.revision, stored?.revision, "another text, another revision");
    assert.deepEqual(rewritten?.content, vacancies("Химик"));
    assert.equal(rewritten?.createdAt, iso(0), "created once");
    assert.equal(rewritten?.changedBy, "editor2");
    assert.equal(rewritten?.changedAt, iso(1));
    assert.equal(await editions().published("vacancies"), undefined);
    assert.equal(await editions().publishedId("vacancies"), undefined);
    assert.equal(await editions().workedOn("prices"), undefined);
    assert.equal(await editions().find(first + 1000), undefined);
  });

  test("submitted, returned with a comment, submitted again, published", async () => {
    const { transaction } = store.data;
    assert.equal(await transaction((tx) => editions().submit(first, "editor", at(2), tx)), true);
    assert.equal(
      await transaction((tx) => editions().submit(first, "editor", at(2), tx)),
      false,
      "no longer a draft",
    );
    const review = { by: "head", at: at(3), comment: "Уточните оклад" };
    assert.equal(await transaction((tx) => editions().returnToDraft(first, review, tx)), true);
    assert.equal(await transaction((tx) => editions().returnToDraft(first, review, tx)), false);
    const returned = await editions().find(first);
    assert.equal(returned?.state, "draft");
    assert.deepEqual(
      [returned?.submittedBy, returned?.submittedAt, returned?.returnedBy, returned?.returnedAt],
      ["editor", iso(2), "head", iso(3)],
    );
    assert.equal(returned?.returnComment, "Уточните оклад");

    await transaction((tx) => editions().submit(first, "editor", at(4), tx));
    const resubmitted = await editions().find(first);
    assert.equal(resubmitted?.state, "awaiting_approval");
    assert.deepEqual([resubmitted?.returnedBy, resubmitted?.returnComment], [null, null]);

    const edition = { id: first, page: "vacancies", from: "awaiting_approval" } as const;
    assert.equal(
      await transaction((tx) =>
        editions().publish({ ...edition, from: "draft" }, "head", at(5), tx),
      ),
      false,
      "published only from the state the page showed",
    );
    assert.equal(await transaction((tx) => editions().publish(edition, "head", at(5), tx)), true);
    const live = await editions().published("vacancies");
    assert.deepEqual(
      [live?.id, live?.state, live?.publishedBy, live?.publishedAt],
      [first, "published", "head", iso(5)],
    );
    assert.equal(await editions().publishedId("vacancies"), first);
    assert.equal(await editions().workedOn("vacancies"), undefined);
  });

  test("a new edition supersedes the one before, which stays in the history", async () => {
    second = await draft("vacancies", vacancies("Лаборант"), 10);
    assert.notEqual(second, first, "a published edition is never rewritten");
    await store.data.transaction((tx) =>
      editions().publish({ id: second, page: "vacancies", from: "draft" }, "head", at(11), tx),
    );
    const history = await editions().history("vacancies");
    assert.deepEqual(
      history.map((edition) => [edition.id, edition.state, edition.publishedAt]),
      [
        [second, "published", iso(11)],
        [first, "superseded", iso(5)],
      ],
    );
    assert.deepEqual(await editions().history("prices"), []);
  });

  test("scheduled, unscheduled, scheduled from approval, due at its moment and published", async () => {
    const { transaction } = store.data;
    const id = await draft("prices", prices(900), 20);
    const schedule = (from: "draft" | "awaiting_approval", minutes: number) =>
      transaction((tx) =>
        editions().schedule({ id, from, publishAt: at(minutes) }, "head", at(21), tx),
      );
    assert.equal(await schedule("draft", 120), true);
    assert.equal(await schedule("draft", 120), false, "no longer a draft");
    const scheduled = await editions().workedOn("prices");
    assert.deepEqual(
      [scheduled?.state, scheduled?.publishAt, scheduled?.scheduledBy],
      ["scheduled", iso(120), "head"],
    );
    assert.deepEqual(await editions().nextScheduled(), at(120));
    assert.deepEqual(await editions().due(at(119)), []);

    assert.equal(await transaction((tx) => editions().unschedule(id, "head", at(22), tx)), true);
    assert.equal(await transaction((tx) => editions().unschedule(id, "head", at(22), tx)), false);
    const unscheduled = await editions().find(id);
    assert.deepEqual(
      [unscheduled?.state, unscheduled?.publishAt, unscheduled?.scheduledBy],
      ["draft", null, null],
    );
    assert.equal(await editions().nextScheduled(), undefined);

    await transaction((tx) => editions().submit(id, "editor", at(23), tx));
    assert.equal(await schedule("awaiting_approval", 90), true);
    const later = await draft("contacts", { phone: "+7 8332 00-00-00" }, 24);
    await transaction((tx) =>
      editions().schedule({ id: later, from: "draft", publishAt: at(100) }, "head", at(24), tx),
    );
    assert.deepEqual(await editions().nextScheduled(), at(90), "the earliest moment");
    assert.deepEqual(
      (await editions().due(at(100))).map((edition) => [edition.id, edition.publishAt]),
      [
        [id, iso(90)],
        [later, iso(100)],
      ],
    );
    const published = await transaction((tx) =>
      editions().publish({ id, page: "prices", from: "scheduled" }, "head", at(90), tx),
    );
    assert.equal(published, true);
    assert.deepEqual(
      (await editions().due(at(100))).map((edition) => edition.id),
      [later],
    );
  });

  test("each page's edition worked on, or else its published one; every published edition", async () => {
    const third = await draft("vacancies", vacancies("Водитель"), 30);
    const latest = await editions().latestOfEachPage();
    assert.deepEqual(latest.map((edition) => [edition.page, edition.state]).sort(), [
      ["contacts", "scheduled"],
      ["prices", "published"],
      ["vacancies", "draft"],
    ]);
    assert.equal(latest.find((edition) => edition.page === "vacancies")?.id, third);
    const live = await editions().allPublished();
    assert.deepEqual(live.map((edition) => [edition.page, edition.content]).sort(), [
      ["prices", prices(900)],
      ["vacancies", vacancies("Лаборант")],
    ]);
  });

  test("an earlier edition published again says where from; the draft worked on is kept", async () => {
    const { transaction } = store.data;
    const restored = await transaction((tx) =>
      editions().republish(
        { id: first, page: "vacancies", content: vacancies("Химик") },
        "head",
        at(40),
        tx,
      ),
    );
    const live = await editions().published("vacancies");
    assert.deepEqual(
      [live?.id, live?.restoredFrom, live?.content, live?.createdBy, live?.publishedAt],
      [restored, first, vacancies("Химик"), "head", iso(40)],
    );
    const fromBuild = await transaction((tx) =>
      editions().republish(
        { id: null, page: "vacancies", content: vacancies("") },
        "head",
        at(41),
        tx,
      ),
    );
    assert.equal((await editions().find(fromBuild))?.restoredFrom, null);
    assert.deepEqual(
      (await editions().history("vacancies")).map((edition) => [edition.id, edition.state]),
      [
        [fromBuild, "published"],
        [restored, "superseded"],
        [second, "superseded"],
        [first, "superseded"],
      ],
    );
    assert.equal((await editions().workedOn("vacancies"))?.state, "draft");
  });

  test("published at once: a new edition, or the one worked on, written once; the one before superseded", async () => {
    const { transaction } = store.data;
    const publishNow = (text: string, minutes: number) =>
      transaction((tx) =>
        editions().saveAndPublish(
          { page: "structure", content: { text }, by: "head", at: at(minutes) },
          tx,
        ),
      );
    const a = await publishNow("А", 50);
    const b = await draft("structure", { text: "черновик" }, 51);
    assert.notEqual(b, a);
    assert.equal(await publishNow("Б", 52), b, "the edition worked on is the one published");
    const live = await editions().published("structure");
    assert.deepEqual(
      [live?.id, live?.state, live?.content, live?.publishedBy, live?.publishedAt],
      [b, "published", { text: "Б" }, "head", iso(52)],
    );
    assert.deepEqual(
      (await editions().history("structure")).map((edition) => [edition.id, edition.state]),
      [
        [b, "published"],
        [a, "superseded"],
      ],
    );
    assert.equal(await editions().workedOn("structure"), undefined);
  });

  test("inside a transaction every read sees the transaction's own writes", async () => {
    const seen = await store.data.transaction(async (tx) => {
      const id = await editions().saveDraft(
        { page: "documents", content: { files: [] }, by: "editor", at: at(50) },
        tx,
      );
      await editions().publish({ id, page: "documents", from: "draft" }, "head", at(51), tx);
      return {
        id,
        found: (await editions().find(id, tx))?.state,
        workedOn: await editions().workedOn("documents", tx),
        published: (await editions().published("documents", tx))?.id,
        history: (await editions().history("documents", tx)).map((edition) => edition.id),
      };
    });
    assert.deepEqual(seen, {
      id: seen.id,
      found: "published",
      workedOn: undefined,
      published: seen.id,
      history: [seen.id],
    });
  });
});
