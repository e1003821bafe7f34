// A draft's uploads never published are deleted 30 days after no edition references them, on both
// stores (issue 43): a file of a published, a superseded, a draft or an awaiting edition is never
// deleted; one whose draft was replaced without it is deleted 30 days after the replacement, not
// before; one never saved in any edition 30 days after the purge first saw it; one taken back by a
// draft is kept again; an edition written after the purge read the editions keeps its file. The
// daily job runs once a day on one of two servers, at PURGE_TIME. The clock is injected.
import assert from "node:assert/strict";
import { test } from "node:test";
import { siteFileAddress } from "../../domain/site-content/site-files.ts";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import { contractSuite } from "../../tests/support/data-layer-contract.ts";
import {
  createUnusedUploadsPurgeJob,
  purgeUnusedUploads,
} from "../site-content/unused-uploads-purge.ts";
import type { DataLayer } from "./data-layer.ts";

const t0 = Date.parse("2026-05-04T06:00:00Z");
const dayMs = 86_400_000;
const day = (days: number) => new Date(t0 + days * dayMs);

const silentLog = {
  info() {},
  warn() {},
  error() {},
} as unknown as Parameters<typeof createUnusedUploadsPurgeJob>[0]["log"];

async function upload(data: DataLayer, fileName: string, at: Date): Promise<string> {
  const info = await data.transaction((tx) =>
    data.attachments.insertSiteFile(
      { fileName, mediaType: "image/png", content: new Uint8Array([137, 80, 78, 71]) },
      at,
      tx,
    ),
  );
  return siteFileAddress(info.id, info.fileName);
}

/** The announcements' content with a picture per address. */
const news = (...hrefs: string[]) => ({
  announcements: hrefs.map((href, index) => ({
    id: String(index + 1),
    title: "Пункт приёма проб",
    date: "2026-05-04",
    text: "Принимаем пробы.",
    image: { href, alt: "Вход", file: { format: "PNG", bytes: 4, warnings: [] } },
  })),
});

contractSuite(import.meta.filename, (store) => {
  const kept = async (...hrefs: string[]) => {
    const ids = new Set((await store.data.unusedUploads.siteFiles()).map((file) => file.id));
    return hrefs.map((href) => ids.has(href.split("/")[2] ?? ""));
  };
  const purge = (at: Date) => purgeUnusedUploads(store.data, at);

  test("a file any kept edition references stays; an unreferenced one goes 30 days after it stopped being referenced", async () => {
    const { data } = store;
    const [published, superseded, replaced, neverSaved, awaiting] = [
      await upload(data, "published.png", day(0)),
      await upload(data, "superseded.png", day(0)),
      await upload(data, "replaced.png", day(0)),
      await upload(data, "never-saved.png", day(0)),
      await upload(data, "awaiting.png", day(0)),
    ];
    const by = "elena";
    await data.transaction((tx) =>
      data.siteEditions.saveAndPublish(
        { page: "news", content: news(published, superseded), by, at: day(0) },
        tx,
      ),
    );
    await data.transaction((tx) =>
      data.siteEditions.saveDraft(
        { page: "news", content: news(published, replaced), by, at: day(0) },
        tx,
      ),
    );
    assert.deepEqual(await purge(day(0)), { unreferenced: 2, referencedAgain: 0, deleted: 0 });
    const marks = new Map(
      (await data.unusedUploads.siteFiles()).map((file) => [file.fileName, file.unreferencedSince]),
    );
    assert.equal(marks.get("never-saved.png"), day(0).toISOString());
    assert.equal(marks.get("awaiting.png"), day(0).toISOString());
    assert.equal(marks.get("replaced.png"), null, "a draft's file is referenced");

    // Day 1: the draft replaced without its picture, another published over the first edition
    // (now superseded), and a new draft handed to a head with the file seen unreferenced so far.
    await data.transaction((tx) =>
      data.siteEditions.saveAndPublish(
        { page: "news", content: news(published), by, at: day(1) },
        tx,
      ),
    );
    const draft = await data.transaction((tx) =>
      data.siteEditions.saveDraft(
        { page: "vacancies", content: { items: [], photo: awaiting }, by, at: day(1) },
        tx,
      ),
    );
    await data.transaction((tx) => data.siteEditions.submit(draft, by, day(1), tx));
    assert.deepEqual(await purge(day(1)), { unreferenced: 1, referencedAgain: 1, deleted: 0 });

    // 30 days after day 0: the file never saved goes; the replaced one (since day 1) not yet.
    assert.deepEqual(await purge(day(29.9)), { unreferenced: 0, referencedAgain: 0, deleted: 0 });
    assert.deepEqual(await purge(day(30)), { unreferenced: 0, referencedAgain: 0, deleted: 1 });
    assert.deepEqual(await kept(neverSaved, replaced), [false, true]);
    assert.deepEqual(await purge(day(31)), { unreferenced: 0, referencedAgain: 0, deleted: 1 });
    assert.deepEqual(await kept(published, superseded, replaced, awaiting), [
      true,
      true,
      false,
      true,
    ]);
    assert.deepEqual(await purge(day(400)), { unreferenced: 0, referencedAgain: 0, deleted: 0 });
    assert.deepEqual(await kept(published, superseded, awaiting), [true, true, true]);
  });

  test("an edition written after the purge read the editions keeps its file", async () => {
    const { data } = store;
    const late = await upload(data, "late.png", day(40));
    await purge(day(40));
    const [mark] = (await data.unusedUploads.siteFiles()).filter(
      (file) => file.fileName === "late.png",
    );
    assert.equal(mark?.unreferencedSince, day(40).toISOString());
    // A draft takes the file after the purge's read, before its deletion.
    await data.transaction((tx) =>
      data.siteEditions.saveDraft(
        { page: "prices", content: { rows: [], file: late }, by: "elena", at: day(80) },
        tx,
      ),
    );
    const id = late.split("/")[2] ?? "";
    assert.deepEqual(
      await data.transaction((tx) => data.unusedUploads.deleteUnreferenced([id], day(75), tx)),
      [],
    );
    assert.deepEqual(await kept(late), [true]);
    // Read again, it is referenced: its mark is cleared, and the editions are read a few at a time.
    assert.equal(await data.unusedUploads.markReferenced([id]), 1);
    assert.equal((await data.unusedUploads.editionContents(0, 2)).length, 2);
    assert.equal(await data.unusedUploads.markUnreferenced([], day(80)), 0);
  });

  test("the daily job: at PURGE_TIME, once a day, on one of two servers", async () => {
    const other = await store.another();
    let now = new Date("2026-07-01T00:30:00Z"); // 03:30 in Kirov
    const job = (data: DataLayer) =>
      createUnusedUploadsPurgeJob({ data, time: "04:00", log: silentLog, now: () => now });
    const [first, second] = [job(store.data), job(other)];
    assert.equal(await first.runOnce(), "not-yet");
    now = new Date("2026-07-01T01:00:00Z"); // 04:00 in Kirov
    const outcomes = [await first.runOnce(), await second.runOnce()];
    assert.deepEqual(outcomes.sort(), ["done", "ran"]);
    const run = await store.data.jobRuns.read("unused-uploads-purge", kirovIsoDate(now));
    assert.ok(run?.finishedAt, "the day's run is recorded");
  });
});
