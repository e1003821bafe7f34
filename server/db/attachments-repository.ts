/**
 * Files kept in the database with what they belong to: an answer's signed letter and materials
 * now, a citizen's own files later. The bytes live in the `attachments` table of either store
 * (BLOB / BYTEA), so a backup holds them, they go with their appeal, and nothing of them is ever
 * under the public site. Lists never read the bytes; `read` does, for a download or a mail.
 */
import { createHash, randomUUIDv7 } from "node:crypto";
import type { SubmittedFile } from "../../domain/attachments/submitted-file.ts";
import type { Database, SqlExecutor, SqlRow } from "./database.ts";
import { isoMoment } from "./database.ts";

/** What a file belongs to: an answer (`appeal_answers.id`) or, later, an appeal itself. */
export type AttachmentOwner = { kind: "answer" | "appeal"; id: string };

/**
 * A file uploaded for the public site (owner kind 'site', no appeal): served to anyone at its
 * own address, never changed, and not deleted while any edition names it, so an address once
 * published keeps answering (decisions 0036, 0063).
 */
export type SiteFileInfo = Omit<AttachmentInfo, "appealId">;

export type SiteFile = SiteFileInfo & { content: Buffer };

/**
 * A file to keep: its name already cleaned and its type read from its content, never taken from
 * the browser (server/attachments/checked-file.ts).
 */
export type NewAttachment = SubmittedFile;

export type AttachmentInfo = {
  id: string;
  appealId: string;
  fileName: string;
  mediaType: string;
  byteSize: number;
  /** SHA-256 of the content, hex: shows on the page which file went out. */
  sha256: string;
  createdAt: string;
};

export type AttachmentFile = AttachmentInfo & { content: Buffer };

const infoColumns = "id, appeal_id, file_name, media_type, byte_size, sha256, created_at, position";

export function createAttachmentsRepository(db: Database) {
  const on = (tx: SqlExecutor | undefined) => tx ?? db;
  return {
    /** Stores an owner's files in order; call in the transaction that stores the owner. */
    async insertAll(
      appealId: string,
      owner: AttachmentOwner,
      files: readonly NewAttachment[],
      at: Date,
      tx: SqlExecutor,
    ): Promise<AttachmentInfo[]> {
      const stored: AttachmentInfo[] = [];
      for (const [position, file] of files.entries()) {
        const info = await insertFile(tx, file, at, { appealId, owner, position });
        stored.push({ ...info, appealId });
      }
      return stored;
    },

    /** Deletes an owner's files (a draft's files replaced by new ones). */
    async deleteOf(owner: AttachmentOwner, tx: SqlExecutor): Promise<void> {
      await tx.run("DELETE FROM attachments WHERE owner_kind = ? AND owner_id = ?", [
        owner.kind,
        owner.id,
      ]);
    },

    /** An owner's files without their bytes, in the order they were given. */
    async listOf(owner: AttachmentOwner, tx?: SqlExecutor): Promise<AttachmentInfo[]> {
      const rows = await on(tx).all(
        `SELECT ${infoColumns} FROM attachments WHERE owner_kind = ? AND owner_id = ?
         ORDER BY position`,
        [owner.kind, owner.id],
      );
      return rows.map(toInfo);
    },

    /** Keeps a file uploaded for the public site; its id is its address's (decision 0036). */
    async insertSiteFile(file: NewAttachment, at: Date, tx: SqlExecutor): Promise<SiteFileInfo> {
      // A site file is its own owner, at position 0.
      return insertFile(tx, file, at, { appealId: null, owner: { kind: "site" }, position: 0 });
    },

    /** A site file with its bytes; `id` must be a UUID (PostgreSQL refuses other text). */
    async readSiteFile(id: string): Promise<SiteFile | undefined> {
      const [row] = await db.all(
        `SELECT ${infoColumns}, content FROM attachments WHERE id = ? AND owner_kind = 'site'`,
        [id],
      );
      if (!row) return undefined;
      const { appealId: _appeal, ...info } = toInfo(row);
      return { ...info, content: bytesOf(row.content) };
    },

    /** How many site files are kept (a refused upload must add none). */
    async countSiteFiles(): Promise<number> {
      const [row] = await db.all(
        "SELECT COUNT(*) AS count FROM attachments WHERE owner_kind = 'site'",
        [],
      );
      return Number(row?.count ?? 0);
    },

    /** One file with its bytes, only if it belongs to `appealId` (a download checks both). */
    async read(appealId: string, id: string): Promise<AttachmentFile | undefined> {
      const [row] = await db.all(
        `SELECT ${infoColumns}, content FROM attachments WHERE id = ? AND appeal_id = ?`,
        [id, appealId],
      );
      if (!row) return undefined;
      return { ...toInfo(row), content: bytesOf(row.content) };
    },
  };
}

/** One file's row: its id (a site file's own id is its owner's), name, type, size and hash. */
async function insertFile(
  tx: SqlExecutor,
  file: NewAttachment,
  at: Date,
  where: {
    appealId: string | null;
    owner: AttachmentOwner | { kind: "site" };
    position: number;
  },
): Promise<SiteFileInfo> {
  const info: SiteFileInfo = {
    id: randomUUIDv7(),
    fileName: file.fileName,
    mediaType: file.mediaType,
    byteSize: file.content.length,
    sha256: createHash("sha256").update(file.content).digest("hex"),
    createdAt: at.toISOString(),
  };
  const ownerId = "id" in where.owner ? where.owner.id : info.id;
  await tx.run(
    `INSERT INTO attachments (id, appeal_id, owner_kind, owner_id, position, file_name,
       media_type, byte_size, sha256, content, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      info.id,
      where.appealId,
      where.owner.kind,
      ownerId,
      where.position,
      info.fileName,
      info.mediaType,
      info.byteSize,
      info.sha256,
      file.content,
      info.createdAt,
    ],
  );
  return info;
}

function toInfo(row: SqlRow): AttachmentInfo {
  return {
    id: String(row.id),
    appealId: String(row.appeal_id),
    fileName: String(row.file_name),
    mediaType: String(row.media_type),
    byteSize: Number(row.byte_size),
    sha256: String(row.sha256),
    createdAt: isoMoment(row.created_at),
  };
}

/** node:sqlite reads a BLOB as a Uint8Array, pg a BYTEA as a Buffer: one Buffer for both. */
function bytesOf(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.length);
  throw new Error("an attachment's content is not bytes");
}
