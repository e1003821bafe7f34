/**
 * Counts appeals per client address in two fixed windows, a minute and a day, each starting at
 * the address's first appeal in it. In memory: one process, forgotten on restart. Behind a
 * shared PostgreSQL with several app servers each counts its own (see docs/appeals-api.md).
 */
export type RateLimits = { perMinute: number; perDay: number };

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type RateLimiter = { take(key: string): RateDecision };

type Windows = { minuteStart: number; minuteCount: number; dayStart: number; dayCount: number };

const minute = 60_000;
const day = 24 * 60 * minute;

export function createRateLimiter(limits: RateLimits, now: () => number = Date.now): RateLimiter {
  const byKey = new Map<string, Windows>();
  let lastSweep = now();

  // Forget addresses whose day has passed, at most once a minute: memory stays bounded.
  function sweep(time: number) {
    if (time - lastSweep < minute) return;
    lastSweep = time;
    for (const [key, windows] of byKey) {
      if (time - windows.dayStart >= day) byKey.delete(key);
    }
  }

  return {
    take(key) {
      const time = now();
      sweep(time);
      const windows = byKey.get(key) ?? {
        minuteStart: time,
        minuteCount: 0,
        dayStart: time,
        dayCount: 0,
      };
      if (time - windows.minuteStart >= minute) {
        windows.minuteStart = time;
        windows.minuteCount = 0;
      }
      if (time - windows.dayStart >= day) {
        windows.dayStart = time;
        windows.dayCount = 0;
      }
      byKey.set(key, windows);
      if (windows.dayCount >= limits.perDay) {
        return { allowed: false, retryAfterSeconds: secondsUntil(windows.dayStart + day, time) };
      }
      if (windows.minuteCount >= limits.perMinute) {
        return {
          allowed: false,
          retryAfterSeconds: secondsUntil(windows.minuteStart + minute, time),
        };
      }
      windows.minuteCount += 1;
      windows.dayCount += 1;
      return { allowed: true };
    },
  };
}

function secondsUntil(end: number, time: number) {
  return Math.max(1, Math.ceil((end - time) / 1000));
}
