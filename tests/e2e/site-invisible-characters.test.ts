// Characters nobody sees are dropped from what staff type for the public site (issue 40): an
// editor's announcement with a right-to-left override (U+202E), the isolates (U+2066–U+2069), the
// direction marks (U+200E, U+200F), a zero-width space and a noncharacter (U+FFFF, not allowed in
// XML) in its title and text is published, and its page, /news, the home page and the Atom feed
// show its words in the order typed, with none of those characters. Posted as the browser
// without JavaScript posts, by an editor who publishes directly. HTTP only; needs the build.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { testPasswordHash } from "../support/staff-fixtures.ts";
import { StaffHttpBrowser } from "../support/staff-http.ts";
import { decodeHtml } from "../support/staff-test-app.ts";
import { type RunningSite, startSite } from "./harness.ts";

const password = "correct horse battery staple";
const invisible = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b\uffff]/;

let site: RunningSite;
let elena: StaffHttpBrowser;

before(async () => {
  site = await startSite({ contentApproval: false });
  await site.data.staffAccounts.addUser("elena", await testPasswordHash(password), new Date(), {
    role: "editor",
  });
  elena = new StaffHttpBrowser(site.baseUrl);
  await elena.signIn("elena", password);
});
after(() => site?.close());

test("an announcement's bidi controls are dropped from its page, /news, the home page and the feed", async () => {
  await elena.get("/staff/site/news");
  const published = await elena.post("/staff/site/news", {
    intent: "publish",
    ncount: "1",
    "n0.id": "1",
    // Shown raw, the title would read «Счёт оплачен: бур 54321».
    "n0.title": "Счёт оплачен: \u202e12345 руб\u202c \u2066и\u2069 \u2067это\u2069 \u2068всё\u2069",
    "n0.date": "2026-11-25",
    "n0.text":
      "Оплачено \u202e12345 руб.\u200e Срок\u200f — **завтра\u200b**.\n\n- пункт \u2067один\u2069\uffff",
    "n0.imageHref": "",
    "n0.imageFile": "",
    "n0.imageAlt": "",
  });
  assert.equal(published.status, 303, decodeHtml(published.html).slice(0, 300));

  const title = "Счёт оплачен: 12345 руб и это всё";
  for (const path of ["/news/1", "/news", "/"]) {
    const page = await (await fetch(`${site.baseUrl}${path}`)).text();
    assert.doesNotMatch(page, invisible, path);
    assert.ok(page.includes(title), `${path} shows the title as typed, without the controls`);
  }
  const announcement = await (await fetch(`${site.baseUrl}/news/1`)).text();
  assert.match(announcement, /Оплачено 12345 руб\. Срок — <strong>завтра<\/strong>\./);
  assert.match(announcement, /<li>пункт один<\/li>/);

  const feed = await (await fetch(`${site.baseUrl}/news/feed.atom`)).text();
  assert.doesNotMatch(feed, invisible);
  assert.match(feed, new RegExp(`<title type="text">${title}</title>`));
});
