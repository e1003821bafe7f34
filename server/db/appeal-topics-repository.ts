/**
 * An appeal's topic (migration 9): the one column of the appeals table staff set outside the
 * state machine. Kept apart from appeals-repository.ts because it touches nothing of the states
 * and their versions: a topic picked while another staff member registers the appeal changes
 * neither's form.
 */
import type { Database, SqlExecutor } from "./database.ts";

export function createAppealTopicsRepository(db: Database) {
  return {
    /** Sets the topic; false when no appeal has this id. Pass the audit line's transaction. */
    async setTopic(id: string, topic: string, tx?: SqlExecutor): Promise<boolean> {
      return (await (tx ?? db).run("UPDATE appeals SET topic = ? WHERE id = ?", [topic, id])) === 1;
    },
  };
}
