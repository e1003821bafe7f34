// A staff page that fails leaves one line in the operators' log, and that line is JSON with the
// status the client got (issue 40: a failed note wrote a raw «[Error: Unexpected Server Error]»
// line beside the JSON, and its «page failed» line said 500 while the client got 503). The real
// server (node server/main.ts) on SQLite, as `npm start` runs it; its whole standard output and
// error are read. Needs the built site (npm run build).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import { parseDatabaseUrl } from "../../server/config.ts";
import { openDataLayer } from "../../server/db/data-layer.ts";
import { breakInserts, repairInserts } from "../support/broken-inserts.ts";
import { killIfRunning, type ServerProcess, startServer } from "../support/server-process.ts";
import { addStaffUser, storeAppealIn } from "../support/staff-fixtures.ts";
import { StaffHttpBrowser } from "../support/staff-http.ts";
import { createSqliteDatabase, type TestDatabase } from "../support/test-databases.ts";
import { waitUntil } from "../support/wait-until.ts";

const password = "correct horse battery";
let database: TestDatabase;
let server: ServerProcess | undefined;
let appealId: string;

before(async () => {
  database = await createSqliteDatabase();
  const data = await openDataLayer(parseDatabaseUrl(database.url));
  try {
    await addStaffUser(data, "anna", password);
    const appeal = await storeAppealIn(data, new Date(Date.now() - 60_000), {
      state: "registered",
      registered_on: kirovIsoDate(new Date()),
    });
    appealId = appeal.id;
  } finally {
    await data.close();
  }
  server = await startServer(database.url);
});
after(async () => {
  await killIfRunning(server);
  await database?.drop();
});

type LogLine = Record<string, unknown>;

/** The lines written since `from` characters of the output: every one must be JSON. */
function linesSince(output: string, from: number): LogLine[] {
  return output
    .slice(from)
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        throw new assert.AssertionError({ message: `a line of the log is not JSON: ${line}` });
      }
    });
}

test("a failed staff form: one JSON «page failed» line with the status the client got", async () => {
  if (!server) throw new Error("no server");
  const browser = new StaffHttpBrowser(server.baseUrl);
  await browser.signIn("anna", password);
  await browser.get(`/staff/appeals/${appealId}`);
  await breakInserts(database.url, "appeal_notes");
  const from = server.output().length;
  const note = await browser.post(`/staff/appeals/${appealId}`, {
    intent: "note",
    note_text: "Позвонить заявителю.",
  });
  await repairInserts(database.url, "appeal_notes");
  assert.equal(note.status, 503);

  const path = `/staff/appeals/${appealId}`;
  const isThePost = (line: LogLine) =>
    line.msg === "request" && line.method === "POST" && line.path === path;
  // The request line is written once the answer has gone: waited for, whatever the load.
  const lines = await waitUntil(
    "the request's line in the log",
    () => {
      const written = linesSince(server?.output() ?? "", from);
      return written.some(isThePost) && written;
    },
    30_000,
  );
  const failed = lines.filter((line) => line.msg === "page failed");
  assert.equal(failed.length, 1, JSON.stringify(lines));
  assert.equal(failed[0]?.status, 503, "the status the client got");
  const request = lines.find(isThePost);
  assert.equal(request?.status, 503);
  assert.equal(failed[0]?.reqId, request?.reqId, "the failure and its request are one request");
  assert.equal(
    lines.filter((line) => Number(line.level) >= 50).length,
    1,
    `one error line for one failure: ${JSON.stringify(lines)}`,
  );
});
