// One Chromium for each browser slot of the test runner (tests/support/run-test-files.ts),
// shared by the browser files that run in that slot one after another: each file connects to it
// (TEST_BROWSER_ENDPOINT) and opens contexts of its own, which the browser drops when the file's
// connection closes. A file on its own (`node --test tests/e2e/x.test.ts`) launches its own, as
// before (tests/e2e/harness.ts `launchBrowser`). Decision 0051.
import { type BrowserServer, chromium } from "playwright-core";
import { chromiumPath, chromiumTestArgs } from "../../scripts/chromium.ts";
import { processCpuSeconds } from "./process-cpu.ts";

export const browserEndpointVariable = "TEST_BROWSER_ENDPOINT";

export type SharedBrowser = {
  endpoint: string;
  /** Whether the browser is still running (a crash in one file must not fail the next). */
  alive(): boolean;
  /** Its main process's CPU seconds so far, with those of the renderers it has reaped. */
  cpuSeconds(): number | undefined;
  close(): Promise<void>;
};

export async function launchSharedBrowser(): Promise<SharedBrowser> {
  const server: BrowserServer = await chromium.launchServer({
    executablePath: chromiumPath(),
    headless: true,
    args: chromiumTestArgs,
  });
  const child = server.process();
  return {
    endpoint: server.wsEndpoint(),
    alive: () => child.exitCode === null && child.signalCode === null,
    cpuSeconds: () => processCpuSeconds(child.pid),
    close: () => server.close(),
  };
}
