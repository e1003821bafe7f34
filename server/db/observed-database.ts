import type { Database, SqlExecutor, Transaction } from "./database.ts";
import { namedDiskFull } from "./store-failure.ts";
import { createWriteHealth } from "./write-health.ts";

export type StoreErrorListener = () => void;

/**
 * The database with every failed statement, transaction and ping told to listeners (the metrics'
 * count of store errors): the one door all repositories go through, so nothing is missed. A
 * listener hears that something failed, never what: an error's detail may quote a row. The
 * outcome of every write is also kept for /healthz (write-health.ts).
 */
export function observeStoreErrors(db: Database) {
  const listeners = new Set<StoreErrorListener>();
  const writeHealth = createWriteHealth(db);
  // A full disk's error leaves here as the one kind the server knows (PostgreSQL's 53100 too).
  const observed = <T>(promise: Promise<T>): Promise<T> =>
    promise.catch((error: unknown) => {
      for (const listener of listeners) listener();
      throw namedDiskFull(error);
    });
  const executor = <E extends SqlExecutor>(on: E): E => ({
    ...on,
    all: (sql, params) => observed(on.all(sql, params)),
    run: (sql, params) => observed(on.run(sql, params)),
  });
  const writeObserved = <T>(promise: Promise<T>, workFailed: () => boolean): Promise<T> =>
    promise.then(
      (value) => {
        writeHealth.observe(null);
        return value;
      },
      (error: unknown) => {
        writeHealth.observe(error, workFailed());
        throw error;
      },
    );
  const database: Database = {
    ...db,
    ...executor(db),
    // A statement outside a transaction that reads may also write (nextval, INSERT … RETURNING):
    // its failure on the store's side (a read-only standby, a full disk) is a failed write too.
    // A read that succeeds is not a write, so only the failure is told.
    all: (sql, params) =>
      observed(db.all(sql, params)).catch((error: unknown) => {
        writeHealth.observe(error, true);
        throw error;
      }),
    run: (sql, params) => writeObserved(observed(db.run(sql, params)), () => true),
    // A statement's failure inside the work is counted by its own executor; a failed commit here.
    transaction: <T>(work: (tx: Transaction) => Promise<T>) => {
      let workFailed = false;
      const committed = db
        .transaction((tx) =>
          work(executor(tx)).catch((error: unknown) => {
            workFailed = true;
            throw error;
          }),
        )
        .catch((error: unknown) => {
          if (!workFailed) for (const listener of listeners) listener();
          throw namedDiskFull(error);
        });
      return writeObserved(committed, () => workFailed);
    },
    ping: () => observed(db.ping()),
  };
  return {
    database,
    /** Whether the store can write (GET /healthz). */
    writeHealth: () => writeHealth.check(),
    /** Adds a listener; returns the function that removes it. */
    onStoreError(listener: StoreErrorListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
