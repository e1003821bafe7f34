// For the fault tests: waiting for something to happen rather than for a fixed while, so a test
// is as quick as the code on a quiet machine and still holds on a loaded one. The condition is
// polled; the deadline only bounds a wait that would otherwise hang, and says what was awaited.
import { setTimeout as sleep } from "node:timers/promises";

/** The first value of `check` other than undefined or false within `timeoutMs`; else throws. */
export async function waitUntil<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs: number,
  pollMs = 10,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms in vain for ${what}`);
    await sleep(pollMs);
  }
}
