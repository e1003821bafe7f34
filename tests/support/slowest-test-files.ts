/**
 * The test files that take longest, slowest first, as the file-times reporter printed them
 * (25 November; tests/support/file-times-reporter.ts prints them after every suite). The runner
 * starts these first; a file not named here runs after them. Only the order depends on this list:
 * a stale or missing name costs time, never a test.
 */
export const slowestFirst: readonly string[] = [
  "tests/e2e/low-vision.test.ts",
  "tests/e2e/staff-workplace-browser.test.ts",
  "tests/e2e/site-editions.test.ts",
  "tests/e2e/staff-statistics.test.ts",
  "tests/e2e/staff-area.test.ts",
  "tests/e2e/appeals-review.test.ts",
  "tests/e2e/routes.test.ts",
  "tests/e2e/staff-team.test.ts",
  "tests/e2e/malformed-requests.test.ts",
  "tests/e2e/staff-team-browser.test.ts",
  "tests/e2e/staff-sign-in-guard.test.ts",
  "tests/e2e/staff-sign-in-storage.test.ts",
  "tests/e2e/site-editions-workflow.test.ts",
  "tests/crash/restore-numbers-and-mail.test.ts",
  "tests/crash/kill9.test.ts",
  "tests/crash/backup-interrupted.test.ts",
  "tests/crash/nginx-two-servers.test.ts",
  "tests/crash/mail-outbox.test.ts",
  "tests/crash/restore-drill.test.ts",
  "tests/crash/answer-kill9.test.ts",
  "tests/crash/disk-full.test.ts",
];
