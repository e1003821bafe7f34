/**
 * The server's data layer: one migrated database and one repository per aggregate over it. Any
 * two repositories write in one transaction by handing the same `tx` to both:
 *
 *   await data.transaction(async (tx) => {
 *     const stored = await data.appeals.insert(appeal, tx);
 *     await data.deliveries.enqueue({ kind: "appeal-notification", appealId: stored.id, … }, tx);
 *   });
 */
import type { DatabaseConfig } from "../config.ts";
import { createAcknowledgementCountsRepository } from "./acknowledgement-counts-repository.ts";
import { createAnswersRepository } from "./answers-repository.ts";
import { createAppealIntake } from "./appeal-intake.ts";
import { createAppealTopicsRepository } from "./appeal-topics-repository.ts";
import { createAppealsRepository } from "./appeals-repository.ts";
import { createArchiveRepository } from "./archive-repository.ts";
import { createAttachmentsRepository } from "./attachments-repository.ts";
import { createAuditRepository } from "./audit-repository.ts";
import { createBackupRunsRepository } from "./backup-runs-repository.ts";
import { createCaseFileRepository } from "./case-file-repository.ts";
import type { Database } from "./database.ts";
import { createDeliveriesRepository } from "./deliveries-repository.ts";
import { createDeliveryHoldsRepository } from "./delivery-holds-repository.ts";
import { createInboundRepository } from "./inbound-repository.ts";
import { createJobLeasesRepository } from "./job-leases-repository.ts";
import { createLinkChecksRepository } from "./link-checks-repository.ts";
import { createNotesRepository } from "./notes-repository.ts";
import { createNoticeDraftsRepository } from "./notice-drafts-repository.ts";
import { observeStoreErrors } from "./observed-database.ts";
import { openDatabase } from "./open-database.ts";
import { publishedVersions } from "./published-versions.ts";
import { createReplyTemplatesRepository } from "./reply-templates-repository.ts";
import { createReviewDatesRepository } from "./review-dates-repository.ts";
import { createScheduledJobRunsRepository } from "./scheduled-job-runs-repository.ts";
import { createSearchQueriesRepository } from "./search-queries-repository.ts";
import { createServerSecretsRepository } from "./server-secrets-repository.ts";
import { createSignInGuardRepository } from "./sign-in-guard-repository.ts";
import { type HeartbeatOptions, listenForPublished } from "./site-edition-signals.ts";
import { createSiteEditionsRepository } from "./site-editions-repository.ts";
import { createSiteNoticesRepository } from "./site-notices-repository.ts";
import { createStaffAccountsRepository } from "./staff-accounts-repository.ts";
import { createStatisticsRepository } from "./statistics-repository.ts";
import { createUnusedUploadsRepository } from "./unused-uploads-repository.ts";

/**
 * `database`: where the store is, for what needs a connection of its own (the site's publish
 * notices on PostgreSQL, server/db/site-edition-signals.ts); without it none are heard.
 */
/** A store opened without its configuration: nothing to listen to. */
const noListening: DatabaseConfig = { kind: "sqlite", path: "" };

export function createDataLayer(store: Database, database?: DatabaseConfig) {
  const { database: db, onStoreError, writeHealth } = observeStoreErrors(store);
  const appeals = createAppealsRepository(db);
  const deliveries = createDeliveriesRepository(db);
  const acknowledgementCounts = createAcknowledgementCountsRepository();
  const attachments = createAttachmentsRepository(db);
  const audit = createAuditRepository(db);
  return {
    kind: db.kind,
    transaction: db.transaction,
    durability: () => db.durability(),
    ping: () => db.ping(),
    /** Whether the store can write: a full disk fails writes while reads go on (decision 0023). */
    writeHealth,
    /** Told whenever the store turns writable or not by itself (SQLite's disk reserve). */
    onWriteState: db.onWriteState,
    backup: (target: string) => db.backup(target),
    /** Told of every failed statement, commit or ping (counted by /metrics). */
    onStoreError,
    close: () => db.close(),
    appeals,
    deliveries,
    deliveryHolds: createDeliveryHoldsRepository(db),
    acknowledgementCounts,
    /** An appeal with its mails or audit line, in the fewest round trips (decision 0033). */
    appealIntake: createAppealIntake(db, {
      appeals,
      deliveries,
      acknowledgementCounts,
      attachments,
    }),
    answers: createAnswersRepository(db),
    attachments,
    /** What the case file's export reads: a year's closed cases, the author's mails as sent. */
    caseFiles: createCaseFileRepository(db),
    notes: createNotesRepository(db),
    noticeDrafts: createNoticeDraftsRepository(db),
    replyTemplates: createReplyTemplatesRepository(db),
    staffAccounts: createStaffAccountsRepository(db),
    audit,
    jobRuns: createScheduledJobRunsRepository(db),
    /** Continuous jobs held by one server at a time: the mailbox reader (issue 46). */
    jobLeases: createJobLeasesRepository(db),
    backupRuns: createBackupRunsRepository(db),
    signInGuard: createSignInGuardRepository(db),
    secrets: createServerSecretsRepository(db),
    appealTopics: createAppealTopicsRepository(db),
    statistics: createStatisticsRepository(db),
    siteEditions: createSiteEditionsRepository(db),
    /** Who hears of the site's editions, and how (issue 43). */
    siteNotices: createSiteNoticesRepository(db),
    /** «Проверить до» of the editable pages (issue 43). */
    reviewDates: createReviewDatesRepository(db),
    /** What visitors search for, per day and query, nothing personal (decision 0060). */
    searchQueries: createSearchQueriesRepository(db),
    /** The daily check of the texts' web links, and which site files are kept (issue 43). */
    linkChecks: createLinkChecksRepository(db),
    /** Site files no edition references, deleted after 30 days (issue 43). */
    unusedUploads: createUnusedUploadsRepository(db),
    /** Storage terms, acts of destruction and the destruction they approve (issue 45). */
    archive: createArchiveRepository(db),
    /** The organisation's mailbox read into the registry: messages, bounces, waiting (issue 46). */
    inbound: createInboundRepository(db),
    /** Every server hears of a page published by any of them (decision 0030). */
    listenForPublished: (
      handlers: Parameters<typeof listenForPublished>[1],
      heartbeat?: HeartbeatOptions,
    ) => listenForPublished(database ?? noListening, handlers, heartbeat),
    /** Each page's published edition id: compared now and then, in case a notice was lost. */
    publishedVersions: () => publishedVersions(db),
  };
}

export type DataLayer = ReturnType<typeof createDataLayer>;

/** The database DATABASE_URL names, migrated, with its repositories. */
export async function openDataLayer(database: DatabaseConfig): Promise<DataLayer> {
  return createDataLayer(await openDatabase(database), database);
}
