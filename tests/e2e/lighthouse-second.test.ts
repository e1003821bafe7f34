// Lighthouse mobile, the second third of the templates (lighthouse.test.ts has the first and
// lists the files; the gates are in lighthouse-judge.ts).
import { test } from "node:test";
import { siteForTests } from "./harness.ts";
import { judged, lighthouseForTests, templatesOfPart } from "./lighthouse-judge.ts";

const env = siteForTests();
const lighthouse = lighthouseForTests();

for (const page of templatesOfPart(2)) {
  test(`Lighthouse mobile ${page.path}: ${judged}`, () =>
    lighthouse.judge(env.site.baseUrl, page.path));
}
