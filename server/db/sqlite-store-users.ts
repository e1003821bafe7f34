import { readFileSync, statSync } from "node:fs";

/**
 * The processes that have the SQLite store at `path` open, from the kernel's table of file locks
 * (Linux /proc/locks): every connection to a WAL store holds a shared lock on a byte of its
 * `-shm` file for as long as it is open, even idle, and SQLite takes locks on the store file
 * itself while it reads or writes. A process killed with SIGKILL holds nothing, so a crashed
 * server never looks alive. Null when the system has no /proc/locks (we cannot tell).
 */
export function sqliteStoreUsers(path: string): number[] | null {
  let table: string;
  try {
    table = readFileSync("/proc/locks", "utf8");
  } catch {
    return null;
  }
  const inodes = new Set<string>();
  for (const file of [path, `${path}-shm`, `${path}-wal`]) {
    try {
      inodes.add(String(statSync(file).ino));
    } catch {
      // not there: nobody holds it
    }
  }
  const pids = new Set<number>();
  for (const line of table.split("\n")) {
    // "1: POSIX  ADVISORY  READ 1831 fe:00:2146755 128 128" (with "->" for a waiting lock)
    const fields = line.replace("->", "").trim().split(/\s+/);
    const pid = Number(fields[4]);
    const inode = fields[5]?.split(":")[2];
    if (inode !== undefined && inodes.has(inode)) pids.add(pid);
  }
  return [...pids].sort((a, b) => a - b);
}
