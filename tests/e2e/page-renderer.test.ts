// The renderer publishing uses (server/pages/page-renderer.ts) makes the build's page: rendered from the build's own content it
// is byte for byte the prerendered file (build and publish cannot drift), and rendered from an
// edition it shows the edition. Needs `npm run build`.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import { defaultVacancies } from "../../content/vacancies.ts";
import { createPageRenderer } from "../../server/pages/page-renderer.ts";
import { staffPageHandler } from "../support/staff-test-app.ts";

const built = (name: string) =>
  readFile(new URL(`../../build/client/${name}`, import.meta.url), "utf8");

test("the build's content renders to the prerendered /vacancies and its data, byte for byte", async () => {
  const render = createPageRenderer(await staffPageHandler());
  const fromDefaults = await render("/vacancies", { vacancies: defaultVacancies });
  assert.equal(fromDefaults.html, await built("vacancies/index.html"));
  assert.equal(fromDefaults.data, await built("vacancies.data"));
  const withoutEdition = await render("/vacancies", {});
  assert.equal(withoutEdition.html, fromDefaults.html);
});

test("an edition's content is what the rendered page shows", async () => {
  const render = createPageRenderer(await staffPageHandler());
  const [first, second] = defaultVacancies.vacancies;
  assert.ok(first && second);
  const edition = {
    vacancies: [second, { ...first, title: "Лаборант", salary: { amount: 61000, net: false } }],
  };
  const { html } = await render("/vacancies", { vacancies: edition });
  assert.match(
    html,
    /Лаборант<\/h2><p class="vacancy__salary">61\u00a0000\u00a0₽ в\u00a0месяц<\/p>/,
  );
  assert.ok(html.indexOf("Экономист") < html.indexOf("Лаборант"), "in the edition's order");
  assert.doesNotMatch(html, /Химик-агрохимик/);
  const none = await render("/vacancies", { vacancies: { vacancies: [] } });
  assert.match(none.html, /Открытых вакансий сейчас нет\./);
});
