// What the test run needs from the machine, checked in seconds before `npm test` spends minutes:
// each check is the rule the tests themselves use to find the thing (scripts/chromium.ts for the
// browser, nginxBinary for nginx, dovecotVersion for Dovecot, testPostgresUrl for the database),
// so the two cannot disagree.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import pg from "pg";
import { chromiumPath } from "../../scripts/chromium.ts";
import { dovecotVersion } from "./dovecot-process.ts";
import { nginxBinary } from "./nginx-process.ts";
import { testPostgresUrl } from "./test-databases.ts";

const run = promisify(execFile);

export type Prerequisite = {
  name: string;
  /** Debian's package that provides it. */
  debianPackage: string;
  /** Resolves when it is there; rejects with what is wrong. */
  check(): Promise<unknown>;
  /** What else can be done instead of installing it, if anything. */
  otherwise?: string;
};

export const prerequisites: readonly Prerequisite[] = [
  {
    name: "Chromium (the browser tests)",
    debianPackage: "chromium",
    // Its message names the package and CHROMIUM_PATH.
    check: async () => chromiumPath(),
  },
  {
    name: "nginx (the reverse-proxy fault test)",
    debianPackage: "nginx",
    check: nginxBinary,
  },
  {
    name: "Dovecot (the mailbox tests' IMAP server)",
    debianPackage: "dovecot-imapd",
    check: dovecotVersion,
  },
  {
    name: "Java (the HTML checker)",
    debianPackage: "default-jre-headless",
    check: () => run("java", ["-version"], { timeout: 10_000 }),
  },
  {
    name: `PostgreSQL at ${new URL(testPostgresUrl).host}${new URL(testPostgresUrl).pathname} (the store tests)`,
    debianPackage: "postgresql",
    async check() {
      const client = new pg.Client({
        connectionString: testPostgresUrl,
        connectionTimeoutMillis: 5000,
      });
      try {
        await client.connect();
        await client.query("SELECT 1");
      } finally {
        await client.end().catch(() => {});
      }
    },
    otherwise: "running, with trust auth and a database `test`; or set TEST_DATABASE_URL",
  },
];

export type Missing = { prerequisite: Prerequisite; reason: string };

/** Every prerequisite that is missing, checked all at once. */
export async function missingPrerequisites(
  list: readonly Prerequisite[] = prerequisites,
): Promise<Missing[]> {
  const outcomes = await Promise.allSettled(list.map((prerequisite) => prerequisite.check()));
  return outcomes.flatMap((outcome, index) => {
    const prerequisite = list[index];
    if (outcome.status === "fulfilled" || !prerequisite) return [];
    const error = outcome.reason as { message?: string; code?: string };
    return [{ prerequisite, reason: error.message || error.code || String(outcome.reason) }];
  });
}

/** The one command that installs what is missing (the README's and .ci/run's packages). */
export function installCommand(missing: readonly Missing[]): string {
  const packages = [...new Set(missing.map((entry) => entry.prerequisite.debianPackage))];
  return `apt-get update && apt-get install -y ${packages.join(" ")}`;
}

/** What the run prints when something is missing. */
export function missingReport(missing: readonly Missing[]): string {
  return [
    "npm test cannot run on this machine: missing",
    ...missing.map(
      ({ prerequisite, reason }) =>
        `  - ${prerequisite.name}: ${reason}${prerequisite.otherwise ? ` (${prerequisite.otherwise})` : ""}`,
    ),
    `Install as root: ${installCommand(missing)}`,
  ].join("\n");
}

// `npm test` runs this file first: it exits 1, naming what is missing, before anything else runs.
if (import.meta.main) {
  const missing = await missingPrerequisites();
  if (missing.length > 0) {
    console.error(missingReport(missing));
    process.exit(1);
  }
  console.log(`test prerequisites: ${prerequisites.map((entry) => entry.name).join(", ")} found`);
}
