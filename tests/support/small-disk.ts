// For the full-disk tests: a real small disk (a tmpfs of its own, mounted at a directory: it
// needs root, as the test machines run; a failed mount fails the test, it never skips), what is
// free on it, and a file that fills it.
import { execFileSync } from "node:child_process";
import { closeSync, openSync, statfsSync, writeSync } from "node:fs";

const mib = 1024 * 1024;

export function mountTmpfs(dir: string, sizeMiB: number) {
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${sizeMiB}m`, "tmpfs", dir], {
      stdio: "pipe",
    });
  } catch (error) {
    const detail = (error as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(
      `could not mount a ${sizeMiB} MiB tmpfs at ${dir} for a real full disk (the test needs root): ${detail || (error as Error).message}`,
    );
  }
}

export function unmount(dir: string) {
  execFileSync("umount", [dir]);
}

export function freeBytes(dir: string): number {
  const stats = statfsSync(dir);
  return stats.bavail * stats.bsize;
}

/** Writes `path` until the disk refuses (ENOSPC) or `limit` bytes; returns the bytes written. */
export function fill(path: string, limit = Number.POSITIVE_INFINITY): number {
  const chunk = Buffer.alloc(mib, 0x5a);
  const fd = openSync(path, "w");
  let written = 0;
  try {
    while (written < limit) written += writeSync(fd, chunk, 0, Math.min(mib, limit - written));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    closeSync(fd);
  }
  return written;
}
