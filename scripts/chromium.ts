// Debian's Chromium, as the browser tests, the Lighthouse runs and the icon script start it.
import { existsSync } from "node:fs";

/** Debian's chromium. A missing browser fails the run: tests never skip. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(path)) {
    throw new Error(
      `Chromium not found at ${path}: apt-get install -y chromium, or set CHROMIUM_PATH`,
    );
  }
  return path;
}

export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * For the tests' browsers: no host but this machine resolves, so a page's external requests (the
 * map's frame, social links) fail at once inside Chromium. Intercepting every request of every
 * page in Playwright to abort them cost a round trip to Node per request.
 */
export const chromiumTestArgs = [
  ...chromiumArgs,
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
];
