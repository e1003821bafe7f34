import assert from "node:assert/strict";
import { test } from "node:test";
import { announcementSummaries } from "./announcement-states.ts";
import type { Announcement, NewsContent } from "./news-content.ts";
import type { EditionState, EditionView } from "./site-editions.ts";

const item = (id: string, title: string, date = "2026-11-20"): Announcement => ({
  id,
  title,
  date,
  text: "Текст.",
});

function edition(
  id: number,
  state: EditionState,
  announcements: Announcement[],
  by = "hanna",
): EditionView<"news"> {
  const at = `2026-11-2${id}T10:00:00.000Z`;
  const published = state === "published" || state === "superseded";
  return {
    id,
    page: "news",
    state,
    content: { announcements },
    revision: `r${id}`,
    createdBy: by,
    createdAt: at,
    changedBy: by,
    changedAt: at,
    submittedBy: null,
    submittedAt: null,
    returnedBy: null,
    returnedAt: null,
    returnComment: null,
    publishedBy: published ? by : null,
    publishedAt: published ? at : null,
    restoredFrom: null,
    publishAt: null,
    scheduledBy: null,
  };
}

const shortly = (summaries: ReturnType<typeof announcementSummaries>) =>
  summaries.map((row) => [row.id, row.state, row.change, row.changedBy]);

test("the build's announcements, no edition: published as the build's", () => {
  const build: NewsContent = { announcements: [item("1", "Сборка")] };
  assert.deepEqual(
    shortly(announcementSummaries({ published: build, working: null, history: [] })),
    [["1", null, null, null]],
  );
});

test("published ones say who published them as they are; the edition worked on's new, changed and removed ones say its state", () => {
  const first = item("1", "Первое", "2026-11-01");
  const second = item("2", "Второе", "2026-11-02");
  const third = item("3", "Третье", "2026-11-03");
  // Edition 1 (olga) published the first and the second; edition 2 (hanna) changed the second.
  const history = [
    edition(2, "published", [{ ...second, title: "Второе, исправлено" }, first], "hanna"),
    edition(1, "superseded", [second, first], "olga"),
  ];
  const published = history[0]?.content as NewsContent;
  assert.deepEqual(shortly(announcementSummaries({ published, working: null, history })), [
    ["2", "published", null, "hanna"],
    ["1", "published", null, "olga"],
  ]);
  // elena's edition awaiting approval: a third one new, the first changed, the second removed.
  const working = edition(
    3,
    "awaiting_approval",
    [third, { ...first, text: "Новый текст." }],
    "elena",
  );
  assert.deepEqual(shortly(announcementSummaries({ published, working, history })), [
    ["3", "awaiting_approval", "new", "elena"],
    ["1", "awaiting_approval", "changed", "elena"],
    ["2", "awaiting_approval", "removed", "elena"],
  ]);
  // A scheduled edition (another helper's state) shows as such, with nothing else to do here.
  const scheduled = { ...working, state: "scheduled" as const };
  assert.equal(
    announcementSummaries({ published, working: scheduled, history })[0]?.state,
    "scheduled",
  );
  // A draft that keeps the first as it is: the first stays published by olga.
  const draft = edition(3, "draft", [third, first], "elena");
  assert.deepEqual(shortly(announcementSummaries({ published, working: draft, history })), [
    ["3", "draft", "new", "elena"],
    ["1", "published", null, "olga"],
    ["2", "draft", "removed", "elena"],
  ]);
});
