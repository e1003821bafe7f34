// Issue 29's editable sections: the renderer publishing uses (server/pages/page-renderer.ts)
// shows an edition's texts on /anticorruption, /appeals/procedure and /special-assessment, in the
// small markup, and a subsection an edition leaves out keeps the build's text. Needs
// `npm run build`.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createPageRenderer } from "../../server/pages/page-renderer.ts";
import { staffPageHandler } from "../support/staff-test-app.ts";

test("an edition's subsection texts are what /anticorruption shows", async () => {
  const render = createPageRenderer(await staffPageHandler());
  const { html } = await render("/anticorruption", {
    anticorruption: {
      sections: [
        { id: "commission", text: "Состав комиссии: [приказ](/docs/ustav.pdf)." },
        { id: "income", text: "Сведения за **2025 год**." },
      ],
    },
  });
  assert.match(html, /<p>Состав комиссии: <a href="\/docs\/ustav\.pdf">приказ<\/a>\.<\/p>/);
  assert.match(html, /<p>Сведения за <strong>2025 год<\/strong>\.<\/p>/);
  assert.match(html, /id="expertise"[\s\S]*?пока не опубликованы/, "the rest as built");
});

test("the reception's schedule and the assessment's results are the editions'", async () => {
  const render = createPageRenderer(await staffPageHandler());
  const procedure = await render("/appeals/procedure", {
    reception: { sections: [{ id: "reception", text: "- Вторник, 10.00–12.00, каб. 5" }] },
  });
  assert.match(procedure.html, /<ul><li>Вторник, 10\.00–12\.00, каб\. 5<\/li><\/ul>/);
  assert.doesNotMatch(procedure.html, /будут размещены учреждением/);
  const assessment = await render("/special-assessment", {
    assessment: { sections: [{ id: "results", text: "Отчёт утверждён 1 марта 2026 г." }] },
  });
  assert.match(assessment.html, /<p>Отчёт утверждён 1 марта 2026 г\.<\/p>/);
  assert.doesNotMatch(assessment.html, /пока не опубликованы/);
});

test("the personal-data policy's texts are the edition's, the PDF and the consent link stay", async () => {
  const render = createPageRenderer(await staffPageHandler());
  const { html } = await render("/personal-data", {
    privacy: {
      sections: [
        { id: "policy", text: "Оператор — учреждение. Политика утверждена **1 марта 2026 г.**" },
        { id: "measures", text: "- Доступ по паролю\n- Резервные копии" },
      ],
    },
  });
  assert.match(
    html,
    /<p>Оператор — учреждение\. Политика утверждена <strong>1 марта 2026 г\.<\/strong><\/p>/,
  );
  assert.match(html, /<ul><li>Доступ по паролю<\/li><li>Резервные копии<\/li><\/ul>/);
  assert.doesNotMatch(html, /будет размещён учреждением/, "the sample notice is gone");
  assert.match(html, /href="\/personal-data\/consent"/, "the collected data's text as built");
  assert.match(html, /href="\/docs\/personal-data-policy\.pdf"/);
  // How long appeals are kept is the archive's rules whatever the edition says (decision 0064).
  const storage =
    /<h2 id="storage-title">Сколько хранятся обращения<\/h2>([\s\S]*?)<\/section>/.exec(html)?.[1];
  assert.ok(storage, "the storage terms' section is on the page");
  assert.match(storage, /«постоянно» \(ст\. 154 «а»\)/);
  assert.match(storage, /«5 лет ЭПК» \(ст\. 154 «б»\)/);
  assert.match(storage, /приказом Росархива от 20\.12\.2019 № 236/);
  assert.match(storage, /завершённое в 2026 году, хранится до 31 декабря 2031 года/);
  assert.match(storage, /утверждает руководитель/);
  assert.doesNotMatch(html, /очистк/, "no daily purge is promised");
});
