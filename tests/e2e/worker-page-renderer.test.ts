// Pages rendered on the worker thread (server/pages/worker-page-renderer.ts, issue 40) are the
// pages the build writes, byte for byte; a page that will not render is refused with its reason
// and the next one renders; a content the worker let go is sent again; an idle worker ends.
// Needs `npm run build`.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import { siteContentDefaults } from "../../content/site-content-defaults.ts";
import { prerenderedPaths } from "../../content/site-pages.ts";
import { defaultVacancies } from "../../content/vacancies.ts";
import { createPageRenderer } from "../../server/pages/page-renderer.ts";
import { createWorkerPageRenderer } from "../../server/pages/worker-page-renderer.ts";
import { appealIslandOf, withAppealIsland } from "../../server/site/appeal-island.ts";
import { serverBuildPath, staffPageHandler } from "../support/staff-test-app.ts";

const built = (name: string) =>
  readFile(new URL(`../../build/client/${name}`, import.meta.url), "utf8");

test("on the worker every prerendered page renders from the build's content as built, with its data", async (t) => {
  const render = createWorkerPageRenderer({ serverBuildPath });
  t.after(() => render.close());
  const renders = prerenderedPaths.map((path) => render(path, siteContentDefaults));
  for (const [index, rendered] of (await Promise.all(renders)).entries()) {
    const path = prerenderedPaths[index] ?? "";
    const page = await built(path === "/" ? "index.html" : `${path.slice(1)}/index.html`);
    const island = appealIslandOf(page);
    assert.equal(island ? withAppealIsland(rendered.html, island) : rendered.html, page, path);
    assert.equal(rendered.data, await built(rendered.dataPath.slice(1)), path);
  }
});

test("on the worker: a page that will not render is refused, a content let go is sent again, an idle worker ends", async (t) => {
  const render = createWorkerPageRenderer({ serverBuildPath, idleMs: 50 });
  t.after(() => render.close());
  const here = createPageRenderer(await staffPageHandler());
  await assert.rejects(render("/no-such-page", siteContentDefaults), /\/no-such-page.*404/);
  const [first] = defaultVacancies.vacancies;
  assert.ok(first);
  // Five contents, one after another: the worker keeps three, so the first is sent again.
  const contents = [1, 2, 3, 4, 5].map((n) => ({
    vacancies: { vacancies: [{ ...first, title: `Вакансия ${n}` }] },
  }));
  for (const content of contents) await render("/vacancies", content);
  const again = await render("/vacancies", contents[0] ?? {});
  assert.equal(again.html, (await here("/vacancies", contents[0] ?? {})).html);
  assert.match(again.html, /Вакансия 1/);
  assert.equal(render.running(), true);
  for (let waited = 0; render.running() && waited < 10_000; waited += 20) {
    await new Promise((resume) => setTimeout(resume, 20));
  }
  assert.equal(render.running(), false, "ended 50 ms after its last page");
  // A new worker for the next page.
  assert.match((await render("/vacancies", contents[1] ?? {})).html, /Вакансия 2/);
});

test("a worker ended while idle fails none of the next worker's pages", async (t) => {
  // Ended at once after each page: the next page starts a new worker while the old one exits.
  const render = createWorkerPageRenderer({ serverBuildPath, idleMs: 0 });
  t.after(() => render.close());
  const [first] = defaultVacancies.vacancies;
  assert.ok(first);
  for (const n of [1, 2, 3, 4]) {
    const content = { vacancies: { vacancies: [{ ...first, title: `Вакансия ${n}` }] } };
    assert.match((await render("/vacancies", content)).html, new RegExp(`Вакансия ${n}`));
    await new Promise((resume) => setTimeout(resume, 0));
  }
});
