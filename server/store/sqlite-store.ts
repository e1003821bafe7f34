import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { AppealStore } from "./appeal-store.ts";

export function openSqliteStore(path: string): AppealStore {
  mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  // WAL lets readers (the operators' list command) work beside the server; FULL makes every
  // commit reach the disk before it returns, so an acknowledged appeal survives a power cut.
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000;");
  return {
    kind: "sqlite",
    async ping() {
      db.prepare("SELECT 1").get();
    },
    async close() {
      if (db.isOpen) db.close();
    },
  };
}
