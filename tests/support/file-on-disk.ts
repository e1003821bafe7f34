/**
 * A large file for a browser test, written to disk: Playwright gives a browser on this machine a
 * file's path, where a buffer crosses the DevTools protocol in base64. A 20 MB buffer took over
 * Playwright's 30 s on the loaded 2-core machine (ci8, both stores); a path is read by Chromium
 * itself. The files go with the test process.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

let dir: string | undefined;

export function fileOnDisk(name: string, bytes: Uint8Array): string {
  if (!dir) {
    const made = mkdtempSync(join(tmpdir(), "browser-upload-"));
    process.once("exit", () => rmSync(made, { recursive: true, force: true }));
    dir = made;
  }
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}
