// Lighthouse mobile on one route of each template (tests/e2e/site-pages.ts, decision 0051; every
// route's own words, titles and descriptions are checked by seo.test.ts and routes.test.ts): the
// first third of the templates and the search's results here, with the check that every route
// stands in one template; the second third in lighthouse-second.test.ts; the last third and a page
// staff published in lighthouse-third.test.ts. The gates are in lighthouse-judge.ts.
import assert from "node:assert/strict";
import { test } from "node:test";
import { siteForTests } from "./harness.ts";
import { judged, lighthouseForTests, templatesOfPart } from "./lighthouse-judge.ts";
import { allPages, templatePages } from "./site-pages.ts";

const env = siteForTests();
const lighthouse = lighthouseForTests();

test("every route of the site stands in exactly one template judged here", () => {
  assert.deepEqual(
    templatePages.flatMap((template) => template.standsFor).sort(),
    allPages.map((page) => page.path).sort(),
  );
  for (const template of templatePages) assert.ok(template.standsFor.includes(template.path));
});

for (const page of templatesOfPart(1)) {
  test(`Lighthouse mobile ${page.path}: ${judged}`, () =>
    lighthouse.judge(env.site.baseUrl, page.path));
}

// The search's results page (issue 29), rendered by the server, judged the same but for SEO's
// «is-crawlable»: a results page is `noindex` by design, which that audit reports as blocked.
const searched = "/search?q=анализ%20почвы";
test(`Lighthouse mobile ${searched}: ${judged} (noindex by design)`, () =>
  lighthouse.judge(env.site.baseUrl, searched, ["is-crawlable"]));
