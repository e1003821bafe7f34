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
        const info: AttachmentInfo = {
          id: randomUUIDv7(),
          appealId,
          fileName: file.fileName,
          mediaType: file.mediaType,
          byteSize: file.content.length,
          sha256: createHash("sha256").update(file.content).digest("hex"),
          createdAt: at.toISOString(),
        };
        await tx.run(
          `INSERT INTO attachments (id, appeal_id, owner_kind, owner_id, position, file_name,
             media_type, byte_size, sha256, content, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [
            info.id,
            appealId,
            owner.kind,
            owner.id,
            position,
            info.fileName,
            info.mediaType,
            info.byteSize,
            info.sha256,
            file.content,
            info.createdAt,
          ],
        );
        stored.push(info);
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

export type AttachmentsRepository = ReturnType<typeof createAttachmentsRepository>;

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
