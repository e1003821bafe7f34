/**
 * A draft's uploads that were never published, deleted (issue 43): a file uploaded for the site
 * is kept while any edition references it (a draft, one awaiting approval, scheduled, published
 * or superseded: every kept version, so «История» and «Вернуть эту редакцию» keep working and a
 * published address keeps answering, decision 0036), and deleted 30 days after no edition does
 * (its draft replaced by one without it, or its form never saved). Once a day, on one server.
 * What references a file is its address, `/files/<id>/…`, anywhere in an edition's content.
 */
import type { FastifyBaseLogger } from "fastify";
import type { DataLayer } from "../db/data-layer.ts";
import type { UnusedUploadsRepository } from "../db/unused-uploads-repository.ts";
import { nextTurn } from "../http/next-turn.ts";
import { createDailyJob } from "../scheduled-jobs/daily-job.ts";

/** How long a file no edition references is kept: an editor may still take it back. */
const unusedUploadDays = 30;

const dayMs = 86_400_000;

/** Editions read at a time (one of the announcements may be 4 MB). */
const editionsPerRead = 10;

/** A file's id in an address within any content's text. */
const fileIdInText = /\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//gi;

export type UnusedUploadsPurged = {
  /** Files no edition references, newly seen so today. */
  unreferenced: number;
  /** Files referenced again (an earlier edition restored, a draft that took one back). */
  referencedAgain: number;
  /** Files deleted: unreferenced for `unusedUploadDays`. */
  deleted: number;
};

/** The ids of every file any edition's content names, read a few editions at a time. */
async function referencedFileIds(uploads: UnusedUploadsRepository): Promise<Set<string>> {
  const ids = new Set<string>();
  let after = 0;
  for (;;) {
    const editions = await uploads.editionContents(after, editionsPerRead);
    for (const edition of editions) {
      for (const match of edition.content.matchAll(fileIdInText)) {
        ids.add((match[1] as string).toLowerCase());
      }
      after = edition.id;
    }
    if (editions.length < editionsPerRead) return ids;
    // The server answers others between reads.
    await nextTurn();
  }
}

export async function purgeUnusedUploads(
  data: Pick<DataLayer, "unusedUploads" | "transaction">,
  now: Date,
  log?: FastifyBaseLogger,
): Promise<UnusedUploadsPurged> {
  const uploads = data.unusedUploads;
  const referenced = await referencedFileIds(uploads);
  const files = await uploads.siteFiles();
  const isReferenced = (id: string) => referenced.has(id.toLowerCase());
  const unreferenced = await uploads.markUnreferenced(
    files.filter((file) => !isReferenced(file.id)).map((file) => file.id),
    now,
  );
  const referencedAgain = await uploads.markReferenced(
    files
      .filter((file) => file.unreferencedSince !== null && isReferenced(file.id))
      .map((file) => file.id),
  );
  const before = new Date(now.getTime() - unusedUploadDays * dayMs);
  const due = files.filter(
    (file) =>
      !isReferenced(file.id) &&
      file.unreferencedSince !== null &&
      new Date(file.unreferencedSince) <= before,
  );
  const deleted =
    due.length === 0
      ? []
      : await data.transaction((tx) =>
          uploads.deleteUnreferenced(
            due.map((file) => file.id),
            before,
            tx,
          ),
        );
  if (deleted.length > 0) {
    const names = new Map(due.map((file) => [file.id, file.fileName]));
    log?.info(
      { files: deleted.map((id) => `/files/${id}/${names.get(id) ?? ""}`) },
      `uploads no edition referenced for ${unusedUploadDays} days deleted: ${deleted.length}`,
    );
  }
  return { unreferenced, referencedAgain, deleted: deleted.length };
}

/** The purge as a daily job at PURGE_TIME (Kirov), run by one server a day. */
export function createUnusedUploadsPurgeJob(deps: {
  data: Pick<DataLayer, "unusedUploads" | "transaction" | "jobRuns">;
  time: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  return createDailyJob({
    name: "unused-uploads-purge",
    time: deps.time,
    data: deps.data,
    log: deps.log,
    ...(deps.now ? { now: deps.now } : {}),
    run: ({ at }) => purgeUnusedUploads(deps.data, at, deps.log),
  });
}
