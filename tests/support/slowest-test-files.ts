/**
 * The test files that take longest, slowest first, as the runner printed them (28 November: the
 * files in workers, four at a time; tests/support/run-test-files.ts prints every file's time at
 * the end; those over 25 s). The runner
 * starts these first; a file not named here runs after them. Only the order depends on this list:
 * a stale or missing name costs time, never a test.
 */
export const slowestFirst: readonly string[] = [
  "tests/e2e/lighthouse.test.ts",
  "tests/e2e/lighthouse-second.test.ts",
  "tests/e2e/lighthouse-third.test.ts",
  "tests/e2e/low-vision.test.ts",
  "tests/e2e/staff-workplace-browser.test.ts",
  "tests/e2e/staff-sign-in-storage.test.ts",
  "tests/e2e/malformed-requests.test.ts",
  "tests/e2e/malformed-requests-second-half.test.ts",
  "tests/e2e/staff-sign-in-guard.test.ts",
  "tests/crash/nginx-two-servers.test.ts",
  "tests/e2e/site-contacts.test.ts",
  "tests/e2e/contacts-everywhere.test.ts",
  "tests/crash/kill9.test.ts",
  "tests/crash/nothing-destroyed-seven-years-on.test.ts",
  "tests/crash/archive-destruction-kill9.test.ts",
  "tests/e2e/staff-archive.test.ts",
  "tests/crash/backup-interrupted.test.ts",
  "tests/e2e/site-documents.test.ts",
  "tests/crash/restore-numbers-and-mail.test.ts",
  "tests/crash/site-publish-two-servers.test.ts",
  "tests/e2e/site-news.test.ts",
  "tests/e2e/site-edition-changes.test.ts",
  "tests/e2e/routes.test.ts",
  "tests/e2e/staff-statistics.test.ts",
  "tests/e2e/appeal-status.test.ts",
  "tests/e2e/appeals-review.test.ts",
  "tests/e2e/appeals-form.test.ts",
  "tests/crash/sign-in-two-servers.test.ts",
  "tests/crash/mail-outbox.test.ts",
  "tests/crash/mailbox-kill9.test.ts",
  "tests/crash/restore-drill.test.ts",
  "tests/e2e/postgres-main-flows.test.ts",
  "tests/e2e/staff-notice-approval-browser.test.ts",
  "tests/e2e/required-sections-editor.test.ts",
  "tests/crash/answer-kill9.test.ts",
  "tests/e2e/server-process.test.ts",
  "server/mail/outbox-delivery.test.ts",
  "server/staff/archive/case-file-export.test.ts",
  "tests/e2e/appeals-files.test.ts",
  "tests/e2e/staff-area.test.ts",
  "tests/e2e/menu.test.ts",
  "server/appeals/appeals-api.test.ts",
  "tests/e2e/required-sections.test.ts",
  "tests/e2e/staff-answer-browser.test.ts",
  "tests/e2e/staff-security.test.ts",
  "tests/e2e/site-prices.test.ts",
  "tests/e2e/staff-team.test.ts",
  "tests/e2e/staff-answer.test.ts",
  "tests/e2e/staff-team-browser.test.ts",
  "tests/crash/disk-full.test.ts",
  "tests/e2e/staff-registry.test.ts",
  "tests/e2e/security-headers.test.ts",
  "server/staff/auth/staff-auth-parallel.test.ts",
  "tests/e2e/site-editions.test.ts",
  "tests/e2e/staff-stale-approval.test.ts",
  "tests/e2e/site-editions-workflow.test.ts",
  "tests/e2e/staff-notice-approval.test.ts",
  "tests/crash/graceful-stop.test.ts",
  "tests/e2e/site-publisher.test.ts",
  "tests/e2e/pages-investors.test.ts",
  "tests/e2e/search.test.ts",
  "tests/e2e/print.test.ts",
  "server/appeals/store-appeal.test.ts",
  "tests/crash/postgres-outage.test.ts",
  "server/staff/auth/staff-cli.test.ts",
  "tests/e2e/staff-approval-queue.test.ts",
  "server/operations/backup-commands.test.ts",
  "tests/e2e/pages-home.test.ts",
  "tests/e2e/staff-answer-upload-limit.test.ts",
  "tests/e2e/html-validity.test.ts",
  "server/staff/registry/purge.test.ts",
];

/**
 * Files that test what a process holds from its start (the decoy hash built before the first
 * sign-in): each runs in a process of its own, not in a worker where an earlier file's server has
 * already built it (decision 0051).
 */
export const ownProcess: readonly string[] = ["tests/e2e/staff-decoy-at-start.test.ts"];

/**
 * Slow files that run the same tests on each store, mostly waiting (on restarts, mail, timers):
 * the runner runs each as two processes side by side, one store each (TEST_STORE), instead of
 * one store after the other. A file named here must take its stores from `testDatabaseKinds`.
 */
export const splitByStore: readonly string[] = [
  "tests/e2e/staff-sign-in-guard.test.ts",
  "server/mail/outbox-delivery.test.ts",
  "server/appeals/appeals-api.test.ts",
  "tests/crash/restore-numbers-and-mail.test.ts",
  "tests/crash/kill9.test.ts",
  "tests/crash/backup-interrupted.test.ts",
  "tests/crash/mail-outbox.test.ts",
  "tests/crash/answer-kill9.test.ts",
];
