// Which status a page's failure gets (issue 43): a key the store refuses as no key at all is a
// missing thing, 404; the store's own trouble, and anything the door cannot tell, 503.
import assert from "node:assert/strict";
import { test } from "node:test";
import { failureStatus } from "./page-failure.ts";

const sqliteError = (errcode: number) =>
  Object.assign(new Error("sqlite"), { code: "ERR_SQLITE_ERROR", errcode });
const postgresError = (code: string) => Object.assign(new Error("postgres"), { code });

test("a malformed UUID or a number out of range on PostgreSQL names nothing: 404", () => {
  assert.equal(failureStatus(postgresError("22P02")), 404);
  assert.equal(failureStatus(postgresError("22003")), 404);
});

test("the store's own failure, and what the door cannot tell, stay 503", () => {
  for (const failure of [
    sqliteError(5), // BUSY
    sqliteError(13), // FULL
    postgresError("53100"), // disk full
    postgresError("57P01"), // admin shutdown
    postgresError("25006"), // read-only
    postgresError("P0001"),
    Object.assign(new Error("refused"), { code: "ECONNREFUSED" }),
    new TypeError("x is undefined"),
    undefined,
  ]) {
    assert.equal(failureStatus(failure), 503, String((failure as { code?: string })?.code));
  }
});
