import { closeSync, fsyncSync, openSync } from "node:fs";

/**
 * Flushes a file, or a directory's entries (after a rename in it), to the disk: a file renamed
 * into place is durable only once both are.
 */
export function fsyncPath(path: string) {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
