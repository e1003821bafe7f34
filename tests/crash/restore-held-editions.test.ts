// The operator's side of the scheduled site editions a restore holds (issue 40, decision 0057):
// `npm run appeals -- restore` lists the editions whose moment passed, `held-editions` lists
// them again, `release-editions --page` lets one be published and `cancel-editions --all` makes
// the rest drafts, as the real commands run on a real SQLite store.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { loadStoreConfig } from "../../server/config.ts";
import { openDataLayer } from "../../server/db/data-layer.ts";
import { appealsCommand } from "../support/appeals-command.ts";

const hour = 3_600_000;
let dir: string;
let url: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), "restore-held-editions-"));
  url = `sqlite:${join(dir, "appeals.sqlite")}`;
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function withData<T>(work: (data: Awaited<ReturnType<typeof openDataLayer>>) => Promise<T>) {
  const data = await openDataLayer(loadStoreConfig({ DATABASE_URL: url }));
  try {
    return await work(data);
  } finally {
    await data.close();
  }
}

test("restore lists and holds the overdue editions; the operator releases one, cancels the rest", async () => {
  const now = Date.now();
  // In the backup: two editions scheduled for moments that have passed by the restore, one not.
  const ids = await withData((data) =>
    data.transaction(async (tx) => {
      const scheduled = async (page: string, publishAt: Date) => {
        const id = await data.siteEditions.saveDraft(
          { page, content: { text: page }, by: "olga", at: new Date(now - 3 * hour) },
          tx,
        );
        await data.siteEditions.schedule(
          { id, from: "draft", publishAt },
          "olga",
          new Date(now - 3 * hour),
          tx,
        );
        return id;
      };
      return {
        vacancies: await scheduled("vacancies", new Date(now - 2 * hour)),
        prices: await scheduled("prices", new Date(now - hour)),
        contacts: await scheduled("contacts", new Date(now + 24 * hour)),
      };
    }),
  );
  const backupFile = join(dir, "backup.sqlite");
  assert.equal((await appealsCommand(url, ["backup", backupFile])).code, 0);

  const restored = await appealsCommand(url, ["restore", backupFile]);
  assert.equal(restored.code, 0, restored.stderr);
  assert.match(restored.stdout, /Site: 2 scheduled edition\(s\) whose moment passed/);
  assert.match(
    restored.stdout,
    new RegExp(`vacancies \\(/vacancies\\) #${ids.vacancies}, scheduled for .* by olga`),
  );
  assert.match(
    restored.stdout,
    new RegExp(`prices \\(/services/special_offer\\) #${ids.prices}, scheduled for`),
  );
  assert.doesNotMatch(restored.stdout, /contacts \(/);
  assert.match(restored.stdout, /release-editions --all \| --page PAGE/);

  const listed = await appealsCommand(url, ["held-editions", "--json"]);
  assert.equal(listed.code, 0, listed.stderr);
  assert.deepEqual(
    JSON.parse(listed.stdout).map((held: { page: string }) => held.page),
    ["vacancies", "prices"],
  );
  // Held: not due for any server, however late.
  const due = () =>
    withData(async (data) =>
      (await data.siteEditions.due(new Date(now + 2 * 24 * hour))).map((edition) => edition.page),
    );
  assert.deepEqual(await due(), ["contacts"]);

  const refused = await appealsCommand(url, ["release-editions"]);
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /needs either --all or --page PAGE/);
  const unknown = await appealsCommand(url, ["release-editions", "--page", "nowhere"]);
  assert.equal(unknown.code, 2);

  const released = await appealsCommand(url, ["release-editions", "--page", "vacancies"]);
  assert.equal(released.code, 0, released.stderr);
  assert.match(released.stdout, /Released 1 held edition\(s\)/);
  assert.match(released.stdout, /1 edition\(s\) still held/);
  assert.deepEqual(await due(), ["vacancies", "contacts"]);

  const cancelled = await appealsCommand(url, ["cancel-editions", "--all"]);
  assert.equal(cancelled.code, 0, cancelled.stderr);
  assert.match(cancelled.stdout, /Cancelled 1 held edition\(s\): each is a draft again/);
  assert.match(cancelled.stdout, /No edition is held any more/);
  assert.deepEqual(await due(), ["vacancies", "contacts"]);
  const prices = await withData((data) => data.siteEditions.find(ids.prices));
  assert.equal(prices?.state, "draft");
  const audit = await withData((data) => data.audit.recent(2));
  assert.deepEqual(
    audit.map((line) => line.action),
    ["held-editions-cancelled", "held-editions-released"],
  );
  assert.equal(
    (await appealsCommand(url, ["held-editions"])).stdout.trim(),
    "No scheduled edition is held.",
  );
});
