// For the data layer's contract tests (server/db/contract-*.test.ts, issue 39): store parity
// lives there, so each file runs on both stores, with one data layer per store, recorded, and
// ends each store's run with a test that every method of the repositories it owns was called.
// The methods are read from the repository objects themselves: a method added to a repository
// fails its file until a test calls it. Which file owns what is the table below, and every
// contract file checks that each repository of the data layer has an owner.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { after, before, describe, test } from "node:test";
import { parseDatabaseUrl } from "../../server/config.ts";
import { type DataLayer, openDataLayer } from "../../server/db/data-layer.ts";
import { type TestDatabase, type TestDatabaseKind, testDatabaseKinds } from "./test-databases.ts";

/** What a contract file may own: a repository, or a function of the data layer itself. */
export type ContractPart = Exclude<keyof DataLayer, "kind">;

/** The contract files (in server/db/) and what each owns; a repository is owned once. */
export const contractOwners: Record<string, readonly ContractPart[]> = {
  "contract-site-editions.test.ts": ["siteEditions"],
  "contract-publish-signals.test.ts": ["listenForPublished", "publishedVersions"],
  "contract-appeals.test.ts": ["appeals", "appealTopics"],
  "contract-intake.test.ts": ["appealIntake", "acknowledgementCounts", "statistics"],
  "contract-answers.test.ts": ["answers", "attachments"],
  "contract-appeal-notes.test.ts": ["notes", "noticeDrafts", "replyTemplates"],
  "contract-staff-accounts.test.ts": ["staffAccounts"],
  "contract-sign-in.test.ts": ["signInGuard", "secrets", "audit"],
  "contract-outbox.test.ts": ["deliveries", "deliveryHolds"],
  "contract-scheduled-jobs.test.ts": ["jobRuns", "backupRuns"],
  "contract-job-leases.test.ts": ["jobLeases"],
  "contract-transactions.test.ts": ["transaction"],
  "contract-search-queries.test.ts": ["searchQueries"],
  "contract-site-notices.test.ts": ["siteNotices", "reviewDates"],
  "contract-link-checks.test.ts": ["linkChecks"],
  "contract-unused-uploads.test.ts": ["unusedUploads"],
  "contract-archive.test.ts": ["archive"],
  "contract-case-files.test.ts": ["caseFiles"],
  "contract-inbound.test.ts": ["inbound"],
};

export type ContractStore = {
  kind: TestDatabaseKind["name"];
  /** The store's DATABASE_URL. */
  url: string;
  /** The file's data layer on this store, its calls recorded. */
  data: DataLayer;
  /** Another data layer on the same store (a second server), recorded too, closed after the file. */
  another(): Promise<DataLayer>;
};

/** The repositories of a data layer: its object-valued properties. */
export function repositoriesOf(data: DataLayer): string[] {
  return Object.entries(data)
    .filter(([, value]) => typeof value === "object" && value !== null)
    .map(([name]) => name);
}

/** Every call a part's completeness asks for: `repository.method`, or the function's own name. */
export function methodsOf(data: DataLayer, parts: readonly ContractPart[]): string[] {
  return parts.flatMap((part) => {
    const value: unknown = data[part];
    if (typeof value === "function") return [part];
    return Object.entries(value as object)
      .filter(([, method]) => typeof method === "function")
      .map(([method]) => `${part}.${method}`);
  });
}

/**
 * `data` that writes into `calls` the name of each function called on it or on one of its
 * repositories. A method runs with its own repository as `this`, so a method calling another
 * (statistics.counts its parts) records only itself.
 */
export function recorded(data: DataLayer, calls: Set<string>): DataLayer {
  const wrap = <T extends object>(target: T, prefix: string): T =>
    new Proxy(target, {
      get(object, name) {
        const value: unknown = Reflect.get(object, name);
        if (typeof name !== "string") return value;
        if (typeof value === "function") {
          return (...args: unknown[]) => {
            calls.add(`${prefix}${name}`);
            return value.apply(object, args);
          };
        }
        if (prefix === "" && typeof value === "object" && value !== null) {
          return wrap(value, `${name}.`);
        }
        return value;
      },
    });
  return wrap(data, "");
}

/**
 * The tests `body` registers, once per store, on a fresh store with its data layer, then the
 * completeness tests. `file`: the contract file's own path (import.meta.filename).
 */
export function contractSuite(file: string, body: (store: ContractStore) => void): void {
  const owned = contractOwners[basename(file)];
  if (!owned) throw new Error(`${basename(file)} is not in contractOwners`);
  for (const kind of testDatabaseKinds) {
    describe(`${kind.name} contract of ${owned.join(", ")}`, () => {
      const calls = new Set<string>();
      const opened: DataLayer[] = [];
      let database: TestDatabase | undefined;
      const open = async () => {
        const data = await openDataLayer(parseDatabaseUrl(store.url));
        opened.push(data);
        return data;
      };
      const store: ContractStore = {
        kind: kind.name,
        url: "",
        data: undefined as unknown as DataLayer,
        another: async () => recorded(await open(), calls),
      };
      before(async () => {
        database = await kind.create();
        store.url = database.url;
        store.data = recorded(await open(), calls);
      });
      after(async () => {
        for (const data of opened) await data.close();
        await database?.drop();
      });

      body(store);

      test(`every function of ${owned.join(", ")} was called on ${kind.name}`, () => {
        const [data] = opened;
        assert.ok(data, "the store was opened");
        const missed = methodsOf(data, owned).filter((name) => !calls.has(name));
        assert.deepEqual(missed, [], `never called on ${kind.name}: ${missed.join(", ")}`);
      });

      test("every repository of the data layer is owned by one contract file", () => {
        const [data] = opened;
        assert.ok(data, "the store was opened");
        const owners = Object.entries(contractOwners);
        const ownerless = repositoriesOf(data).filter(
          (repository) =>
            owners.filter(([, parts]) => parts.includes(repository as ContractPart)).length !== 1,
        );
        assert.deepEqual(ownerless, [], "owned by no contract file, or by more than one");
        const absent = owners
          .map(([name]) => name)
          .filter((name) => !existsSync(join(dirname(file), name)));
        assert.deepEqual(absent, [], "contract files named in contractOwners but not there");
      });
    });
  }
}
