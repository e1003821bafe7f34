/**
 * Storing a citizen's appeal with what goes with it, all committed or none: the appeal, the
 * handlers' notification, and either the citizen's acknowledgement (counted against the day's cap
 * of the address, acknowledgement-counts-repository.ts) or, past the cap, the appeal marked as
 * withheld (decision 0041: a mark on its row, no row of its own). SQLite: one transaction of the
 * repositories' statements, committed in the group commit (decision 0011). PostgreSQL: two round
 * trips, the registration sequence and then one statement that writes everything (data-modifying
 * WITH queries), committed on its own before it answers: no BEGIN and COMMIT, no wait between the
 * inserts, and prepared once per connection (decision 0033). An appeal with files (decision
 * 0045) stores them in the same transaction: on PostgreSQL the one statement and the files'
 * inserts then run between BEGIN and COMMIT (a statement per file: their bytes are not worth a
 * prepared name); the appeal without files keeps its two round trips.
 */
import { randomUUIDv7 } from "node:crypto";
import { registrationNumber } from "../../domain/appeals/registration-number.ts";
import {
  type createAcknowledgementCountsRepository,
  takeInStatement,
} from "./acknowledgement-counts-repository.ts";
import {
  appealInsert,
  type createAppealsRepository,
  type NewAppeal,
  nextAppealSequence,
} from "./appeals-repository.ts";
import type { createAttachmentsRepository, NewAttachment } from "./attachments-repository.ts";
import { type Database, prepared, type SqlExecutor, type SqlValue } from "./database.ts";
import {
  type createDeliveriesRepository,
  deliveryRow,
  type NewDelivery,
} from "./deliveries-repository.ts";

/** A mail of the appeal, written at the appeal's moment. */
type Mail = Omit<NewDelivery, "appealId" | "at">;

export type AppealIntake = {
  appeal: NewAppeal;
  notification: Mail;
  acknowledgement: Mail;
  /** The address's key (domain/appeals/email-key.ts), worked out once by the caller. */
  emailKey: string;
  /** The day's count to take the acknowledgement from; undefined: known full, withhold it. */
  count: { day: string; limit: number } | undefined;
  /** The citizen's files, checked by content (server/attachments/): stored with the appeal. */
  files?: readonly NewAttachment[];
};

export type StoredIntake = { id: string; number: string; acknowledged: boolean };

export type IntakeRepositories = {
  appeals: ReturnType<typeof createAppealsRepository>;
  deliveries: ReturnType<typeof createDeliveriesRepository>;
  acknowledgementCounts: ReturnType<typeof createAcknowledgementCountsRepository>;
  attachments: ReturnType<typeof createAttachmentsRepository>;
};

/** The mails of one appeal, in the order they were written before: the handlers' first. */
const mailsSql = (acknowledgedOnly: string) => `
  INSERT INTO deliveries (kind, appeal_id, recipients, payload, attachments, state, created_at,
    next_attempt_at)
  SELECT mail.kind, ?, mail.recipients, mail.payload, mail.attachments, 'pending', ?, ?
  FROM (VALUES (1, ?, ?, ?, ?), (2, ?, ?, ?, ?)) AS mail (n, kind, recipients, payload, attachments)
  WHERE mail.n = 1 OR ${acknowledgedOnly}
  ORDER BY mail.n`;

/**
 * The whole appeal in one PostgreSQL statement. Its own rows are the mails: 2 when the
 * acknowledgement was counted and written, 1 when it was withheld (the appeal marked so). A row
 * locked by the count (another server's appeal to the same address) is waited for, and the cap
 * read again on it.
 */
const storeSql = {
  counted: prepared(`
    WITH counted AS (${takeInStatement.sql}),
      appeal AS (${appealInsert.sqlWith("(NOT EXISTS (SELECT 1 FROM counted))")})
    ${mailsSql("EXISTS (SELECT 1 FROM counted)")}`),
  knownFull: prepared(`
    WITH appeal AS (${appealInsert.sqlWith("true")})
    ${mailsSql("false")}`),
};

export function createAppealIntake(db: Database, repositories: IntakeRepositories) {
  const { acknowledgementCounts: counts, attachments } = repositories;
  const storeFiles = (intake: AppealIntake, appealId: string, tx: SqlExecutor) =>
    storeIntakeFiles(attachments, intake, appealId, tx);

  const storeOnSqlite = (intake: AppealIntake): Promise<StoredIntake> =>
    db.transaction((tx) => storeIntakeIn(repositories, intake, tx));

  const storeOnPostgres = async (intake: AppealIntake): Promise<StoredIntake> => {
    const { appeal, count } = intake;
    if (count) await counts.sweepBefore(count.day, db);
    // nextval is not transactional: taken here or inside a transaction, a failure leaves a gap.
    const seq = await nextAppealSequence(db);
    const id = randomUUIDv7();
    const number = registrationNumber(seq, appeal.created_at);
    const at = appeal.created_at;
    const mails = [intake.notification, intake.acknowledgement].map((mail) =>
      deliveryRow({ ...mail, appealId: id, at }),
    );
    const params: SqlValue[] = [
      ...(count ? takeInStatement.params(intake.emailKey, count.day, count.limit) : []),
      ...appealInsert.params(appeal, { seq, id, number, emailKey: intake.emailKey }, db.kind),
      id,
      at.toISOString(),
      at.toISOString(),
      ...mails.flatMap((mail) => [mail.kind, mail.recipients, mail.payload, mail.attachments]),
    ];
    const sql = count ? storeSql.counted : storeSql.knownFull;
    const written = intake.files?.length
      ? await db.transaction(async (tx) => {
          const rows = await tx.run(sql, params);
          await storeFiles(intake, id, tx);
          return rows;
        })
      : await db.run(sql, params);
    return { id, number, acknowledged: written === 2 };
  };

  return {
    store: (intake: AppealIntake) =>
      db.kind === "postgres" ? storeOnPostgres(intake) : storeOnSqlite(intake),
  };
}

/**
 * The appeal with its mails and files in the caller's transaction, one repository statement after
 * another: SQLite's intake, and an appeal that comes with more in its transaction (a follow-up
 * read from the mailbox with the message's record, issue 46) on either store.
 */
export async function storeIntakeIn(
  repositories: IntakeRepositories,
  intake: AppealIntake,
  tx: SqlExecutor,
): Promise<StoredIntake> {
  const { appeals, deliveries, acknowledgementCounts: counts, attachments } = repositories;
  const at = intake.appeal.created_at;
  const { count } = intake;
  const acknowledged =
    count !== undefined && (await counts.take(intake.emailKey, count.day, count.limit, tx));
  const stored = await appeals.insert(intake.appeal, tx, {
    withheld: !acknowledged,
    emailKey: intake.emailKey,
  });
  await deliveries.enqueue({ ...intake.notification, appealId: stored.id, at }, tx);
  if (acknowledged) {
    await deliveries.enqueue({ ...intake.acknowledgement, appealId: stored.id, at }, tx);
  }
  await storeIntakeFiles(attachments, intake, stored.id, tx);
  return { ...stored, acknowledged };
}

/** The appeal's files, in the transaction that stores the appeal. */
async function storeIntakeFiles(
  attachments: IntakeRepositories["attachments"],
  intake: AppealIntake,
  appealId: string,
  tx: SqlExecutor,
): Promise<void> {
  const files = intake.files ?? [];
  if (files.length === 0) return;
  const owner = { kind: "appeal", id: appealId } as const;
  await attachments.insertAll(appealId, owner, files, intake.appeal.created_at, tx);
}
