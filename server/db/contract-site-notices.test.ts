// Site notices and review dates on both stores (issue 43): which heads hear of an edition at once
// and which by the day's digest (never the one who acted, a disabled account or one without an
// e-mail), the editions awaiting approval, and each page's «Проверить до» as first seen, set, and
// the last publish that moves it on. Times are given to every call, so nothing waits for a clock.
import assert from "node:assert/strict";
import { test } from "node:test";
import { contractSuite } from "../../tests/support/data-layer-contract.ts";

const t0 = Date.parse("2026-05-04T06:00:00Z");
const at = (minutes: number) => new Date(t0 + minutes * 60_000);

contractSuite(import.meta.filename, (store) => {
  const notices = () => store.data.siteNotices;
  const dates = () => store.data.reviewDates;
  const add = (login: string, role: "head" | "editor", email: string | null) =>
    store.data.staffAccounts.addUser(login, "hash", at(0), { role, email });

  test("heads hear at once unless they chose the digest; never the one who acted", async () => {
    await add("hanna", "head", "hanna@example.ru");
    await add("herman", "head", "herman@example.ru");
    await add("hugo", "head", null);
    await add("helga", "head", "helga@example.ru");
    await add("elena", "editor", "elena@example.ru");
    await add("egor", "editor", "");
    await store.data.staffAccounts.disableUser("helga", at(1));
    assert.equal(await notices().choiceOf("hanna"), "immediate", "as every head had it before");
    assert.equal(await notices().choiceOf("nobody"), undefined);
    assert.equal(await notices().choose("herman", "daily"), true);
    assert.equal(await notices().choose("nobody", "daily"), false);
    assert.equal(await notices().choiceOf("herman"), "daily");
    const logins = (list: { login: string }[]) => list.map((entry) => entry.login);
    assert.deepEqual(logins(await notices().approvers("immediate", "elena")), ["hanna"]);
    assert.deepEqual(logins(await notices().approvers("immediate", "hanna")), []);
    assert.deepEqual(await notices().approvers("daily", null), [
      { login: "herman", email: "herman@example.ru" },
    ]);
    assert.deepEqual(logins(await notices().withRole("editor")), ["elena"]);
    assert.deepEqual(await notices().recipient("elena"), {
      login: "elena",
      email: "elena@example.ru",
    });
    assert.equal(await notices().recipient("egor"), undefined, "no e-mail");
    assert.equal(await notices().recipient("helga"), undefined, "disabled");
  });

  test("the editions awaiting approval, the longest waiting first", async () => {
    const editions = store.data.siteEditions;
    const submitted = await store.data.transaction(async (tx) => {
      const later = await editions.saveDraft(
        { page: "prices", content: { rows: [] }, by: "elena", at: at(5) },
        tx,
      );
      await editions.submit(later, "elena", at(6), tx);
      const earlier = await editions.saveDraft(
        { page: "vacancies", content: { items: [] }, by: "elena", at: at(2) },
        tx,
      );
      await editions.submit(earlier, "elena", at(3), tx);
      return { earlier, later };
    });
    assert.deepEqual(await notices().awaiting(), [
      {
        id: submitted.earlier,
        page: "vacancies",
        submittedBy: "elena",
        submittedAt: at(3).toISOString(),
      },
      {
        id: submitted.later,
        page: "prices",
        submittedBy: "elena",
        submittedAt: at(6).toISOString(),
      },
    ]);
  });

  test("a page's day: first seen once, set by an editor, and the last publish of each page", async () => {
    assert.deepEqual(await dates().stored(), new Map());
    await dates().firstSeen("prices", "2027-05-04", at(10));
    await dates().firstSeen("prices", "2027-06-01", at(11));
    assert.deepEqual(
      await dates().stored(),
      new Map([["prices", { reviewBy: "2027-05-04", setAt: at(10).toISOString(), setBy: null }]]),
      "another server's first look keeps the first",
    );
    await dates().set("prices", "2026-12-01", "elena", at(12));
    assert.deepEqual((await dates().stored()).get("prices"), {
      reviewBy: "2026-12-01",
      setAt: at(12).toISOString(),
      setBy: "elena",
    });
    assert.deepEqual(await dates().lastPublished(), new Map());
    const editions = store.data.siteEditions;
    await store.data.transaction(async (tx) => {
      await editions.saveAndPublish(
        { page: "structure", content: { units: [] }, by: "hanna", at: at(20) },
        tx,
      );
      await editions.saveAndPublish(
        { page: "structure", content: { units: [1] }, by: "hanna", at: at(30) },
        tx,
      );
    });
    assert.deepEqual(
      await dates().lastPublished(),
      new Map([["structure", at(30).toISOString()]]),
      "the newest of its publishes, a superseded one not",
    );
  });
});
