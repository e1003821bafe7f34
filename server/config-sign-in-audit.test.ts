import assert from "node:assert/strict";
import { test } from "node:test";
import { loadConfig } from "./config.ts";

test("SIGN_IN_AUDIT_DAYS: 365 by default, whole days from 1 to 36500; anything else stops the start", () => {
  assert.equal(loadConfig({}).signInAuditDays, 365);
  assert.equal(loadConfig({ SIGN_IN_AUDIT_DAYS: "90" }).signInAuditDays, 90);
  for (const bad of ["0", "-1", "1.5", "year", "36501"]) {
    assert.throws(
      () => loadConfig({ SIGN_IN_AUDIT_DAYS: bad }),
      /SIGN_IN_AUDIT_DAYS="[^"]*": must/,
    );
  }
});
