// `npm run bench:publish-news`: what a news publish costs the publisher when the site has 200
// announcements (the news list's cap). The publisher over React Router's server build and the
// built site in memory, as the server runs it: the first edition of 200 announcements (every
// page new), then editions changing one announcement, then one adding one; each timed, with the
// pages rendered and the event loop's longest block. Prints figures, fails nothing.
// Usage: npm run bench:publish-news [-- --rounds 5]

import { parseArgs } from "node:util";
import { siteContentDefaults } from "../content/site-content-defaults.ts";
import type { NewsContent } from "../domain/site-content/news-content.ts";
import { createPageRenderer } from "../server/pages/page-renderer.ts";
import { createSitePublisher } from "../server/site-content/site-publisher.ts";
import { liveSiteOverTheBuild } from "../tests/support/live-site-over-the-build.ts";
import { staffPageHandler } from "../tests/support/staff-test-app.ts";

const { values } = parseArgs({ options: { rounds: { type: "string", default: "5" } } });
const rounds = Number(values.rounds);

const live = await liveSiteOverTheBuild();
const render = createPageRenderer(await staffPageHandler());
let rendered = 0;
const publisher = createSitePublisher({
  render: (path, content) => {
    rendered += 1;
    return render(path, content);
  },
  settings: { siteUrl: "https://agrochem-kirov.ru" },
  live: () => live,
  defaults: siteContentDefaults,
});

const sentence =
  "Агрохимическое обследование почв сельскохозяйственных угодий Кировской области проводится по графику.";
const announcement = (n: number, words = "") => ({
  id: String(n),
  title: `Объявление ${n}${words}`,
  date: `2026-${String(1 + (n % 12)).padStart(2, "0")}-${String(1 + (n % 28)).padStart(2, "0")}`,
  text: Array.from({ length: 5 + (n % 30) }, () => sentence).join(" "),
});
const news = (changed: number, extra = 0): NewsContent => ({
  announcements: Array.from({ length: 200 - extra }, (_, i) =>
    announcement(i + 1, i + 1 === changed ? ` (изменено ${Date.now()})` : ""),
  ).concat(Array.from({ length: extra }, (_, i) => announcement(1000 + i))),
});

let id = 0;
async function publish(what: string, content: NewsContent) {
  // The event loop's longest block: the largest gap between ticks of a 5 ms timer.
  let last = performance.now();
  let longest = 0;
  const ticks = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last - 5);
    last = now;
  }, 5);
  rendered = 0;
  const begun = performance.now();
  await publisher.show({ id: ++id, page: "news", content, publishedAt: new Date().toISOString() });
  const ms = performance.now() - begun;
  longest = Math.max(longest, performance.now() - last - 5);
  const served = longest;
  const refining = performance.now();
  await publisher.compressed();
  const refinedMs = performance.now() - refining;
  clearInterval(ticks);
  longest = Math.max(longest, performance.now() - last - 5);
  console.log(
    `${what}: served in ${ms.toFixed(0)} ms (${rendered} pages rendered, longest event-loop block ${served.toFixed(0)} ms); the strongest compression in ${refinedMs.toFixed(0)} ms more (longest block ${longest.toFixed(0)} ms)`,
  );
}

await publish("the first edition of 200 announcements", news(0));
for (let round = 1; round <= rounds; round += 1) {
  await publish(`round ${round}: one announcement's text changed`, news(1 + round));
}
await publish("one announcement added (199 kept)", news(0, 1));
