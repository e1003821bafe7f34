/**
 * The heads' reply templates: a title and a text with placeholders ({number}, {firstName}, …,
 * domain/staff/reply-template-text.ts) that an answer can start from.
 */
import type { Database, SqlExecutor, SqlRow } from "./database.ts";
import { isoMoment } from "./database.ts";

export type ReplyTemplate = {
  id: number;
  title: string;
  text: string;
  updatedBy: string;
  updatedAt: string;
};

export function createReplyTemplatesRepository(db: Database) {
  const on = (tx: SqlExecutor | undefined) => tx ?? db;
  return {
    async list(tx?: SqlExecutor): Promise<ReplyTemplate[]> {
      return (await on(tx).all("SELECT * FROM reply_templates ORDER BY title")).map(toTemplate);
    },

    async find(id: number, tx?: SqlExecutor): Promise<ReplyTemplate | undefined> {
      const [row] = await on(tx).all("SELECT * FROM reply_templates WHERE id = ?", [id]);
      return row ? toTemplate(row) : undefined;
    },

    /** A new template, or the one `id` names rewritten; false when the title is taken. */
    async save(
      template: { id?: number; title: string; text: string; by: string; at: Date },
      tx: SqlExecutor,
    ): Promise<boolean> {
      const clash = await tx.all("SELECT id FROM reply_templates WHERE title = ? AND id <> ?", [
        template.title,
        template.id ?? 0,
      ]);
      if (clash.length > 0) return false;
      if (template.id === undefined) {
        await tx.run(
          `INSERT INTO reply_templates (title, text, updated_by, updated_at) VALUES (?, ?, ?, ?)`,
          [template.title, template.text, template.by, template.at.toISOString()],
        );
        return true;
      }
      const changed = await tx.run(
        `UPDATE reply_templates SET title = ?, text = ?, updated_by = ?, updated_at = ?
         WHERE id = ?`,
        [template.title, template.text, template.by, template.at.toISOString(), template.id],
      );
      return changed === 1;
    },

    async remove(id: number, tx: SqlExecutor): Promise<boolean> {
      return (await tx.run("DELETE FROM reply_templates WHERE id = ?", [id])) === 1;
    },
  };
}

function toTemplate(row: SqlRow): ReplyTemplate {
  return {
    id: Number(row.id),
    title: String(row.title),
    text: String(row.text),
    updatedBy: String(row.updated_by),
    updatedAt: isoMoment(row.updated_at),
  };
}
