// Lighthouse mobile, the last third of the templates and a page staff published
// (lighthouse.test.ts has the first third and lists the files; the gates are in
// lighthouse-judge.ts).
import assert from "node:assert/strict";
import { test } from "node:test";
import { siteContentDefaults } from "../../content/site-content-defaults.ts";
import { parseDatabaseUrl } from "../../server/config.ts";
import { openDataLayer } from "../../server/db/data-layer.ts";
import { createSqliteDatabase } from "../support/test-databases.ts";
import { siteForTests, startSite } from "./harness.ts";
import { judged, lighthouseForTests, templatesOfPart } from "./lighthouse-judge.ts";

const env = siteForTests();
const lighthouse = lighthouseForTests();

for (const page of templatesOfPart(3)) {
  test(`Lighthouse mobile ${page.path}: ${judged}`, () =>
    lighthouse.judge(env.site.baseUrl, page.path));
}

// Issue 28: a page staff published is judged as the build's are. The store holds a published
// edition of /vacancies with a new salary; the server renders it at start with the publisher (the
// same render, compression and swap as a publish on a running server, decision 0030).
test(`Lighthouse mobile /vacancies after a publish: ${judged}`, async () => {
  const database = await createSqliteDatabase();
  const data = await openDataLayer(parseDatabaseUrl(database.url));
  const at = new Date();
  const content = structuredClone(siteContentDefaults.vacancies);
  const [first] = content.vacancies;
  assert.ok(first, "the build has a vacancy");
  first.salary = { ...first.salary, amount: 47_500 };
  await data.transaction(async (tx) => {
    const id = await data.siteEditions.saveDraft(
      { page: "vacancies", content, by: "head", at },
      tx,
    );
    assert.ok(
      await data.siteEditions.publish({ id, page: "vacancies", from: "draft" }, "head", at, tx),
    );
  });
  await data.close();
  const published = await startSite({ databaseUrl: database.url });
  try {
    const html = await (await fetch(`${published.baseUrl}/vacancies`)).text();
    assert.match(html, /47\u00a0500\u00a0₽/, "the published salary is served");
    await lighthouse.judge(published.baseUrl, "/vacancies");
  } finally {
    await published.close();
    await database.drop();
  }
});
