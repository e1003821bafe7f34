// The comparison of the published versions (issue 40): each round shows the pages whose edition
// id changed since the last round, and only those; a page that failed to show is tried again
// next round; a failing read is told once until a round succeeds. The rounds are called here
// (`check`), not waited for: the interval is only how often the server calls it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { watchPublishedVersions } from "./published-versions-watch.ts";

function watched() {
  const versions = new Map<string, number>();
  const shown: string[] = [];
  const errors: unknown[] = [];
  const failing = { read: false, pages: new Set<string>() };
  const watch = watchPublishedVersions({
    read: async () => {
      if (failing.read) throw new Error("the store is away");
      return new Map(versions);
    },
    show: async (page) => {
      if (failing.pages.has(page)) throw new Error(`${page} cannot be shown`);
      shown.push(page);
    },
    // Longer than the test: only its own calls make rounds.
    everyMs: 3_600_000,
    onError: (error) => errors.push(error),
  });
  return { versions, shown, errors, failing, watch };
}

test("each round shows the pages whose published edition changed, and only those", async (t) => {
  const { versions, shown, watch } = watched();
  t.after(() => watch.stop());
  versions.set("vacancies", 1).set("contacts", 2);
  await watch.check();
  assert.deepEqual(shown, ["vacancies", "contacts"], "the first round looks at every page");
  shown.length = 0;
  await watch.check();
  assert.deepEqual(shown, [], "nothing changed");
  versions.set("vacancies", 5).set("news", 6);
  await watch.check();
  assert.deepEqual(shown, ["vacancies", "news"]);
});

test("a page that failed is tried again; a failing read is told once per outage", async (t) => {
  const { versions, shown, errors, failing, watch } = watched();
  t.after(() => watch.stop());
  versions.set("vacancies", 1).set("contacts", 2);
  failing.pages.add("vacancies");
  await watch.check();
  assert.deepEqual(shown, ["contacts"]);
  assert.equal(errors.length, 1);
  failing.pages.clear();
  await watch.check();
  assert.deepEqual(shown, ["contacts", "vacancies"], "tried again, and only it");

  failing.read = true;
  await watch.check();
  await watch.check();
  assert.equal(errors.length, 2, "one line for the outage, not one per round");
  failing.read = false;
  versions.set("contacts", 7);
  await watch.check();
  assert.deepEqual(shown, ["contacts", "vacancies", "contacts"]);
  failing.read = true;
  await watch.check();
  assert.equal(errors.length, 3, "a new outage is told again");
});

test("rounds called together share one reading", async (t) => {
  const { versions, shown, watch } = watched();
  t.after(() => watch.stop());
  versions.set("vacancies", 1);
  await Promise.all([watch.check(), watch.check(), watch.check()]);
  assert.deepEqual(shown, ["vacancies"]);
});
