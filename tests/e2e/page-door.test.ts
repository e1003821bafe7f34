// The door every server-rendered page goes through (server/pages/), on SQLite and PostgreSQL, over
// fastify inject with the real React Router server build: a store that cannot write answers a page
// or a form with 503 and a Russian page (never React Router's English "Application Error"); a
// multipart body that cannot be read whole is refused with 400 and says why; every rendered page
// says its charset.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import { breakInserts, repairInserts } from "../support/broken-inserts.ts";
import { addStaffUser, storeAppealIn } from "../support/staff-fixtures.ts";
import {
  StaffClient,
  type StaffTestApp,
  startStaffTestApp,
  textOf,
} from "../support/staff-test-app.ts";
import {
  createSqliteDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from "../support/test-databases.ts";

const password = "correct horse battery";

/** A 503 page in Russian, with nothing of React Router's error page in it. */
function assertUnavailablePage(response: { statusCode: number; body: string; headers: object }) {
  const headers = response.headers as Record<string, unknown>;
  assert.equal(response.statusCode, 503, response.body.slice(0, 300));
  assert.equal(headers["content-type"], "text/html; charset=utf-8");
  assert.ok(headers["retry-after"], "says when to try again");
  assert.match(textOf(response.body), /Сервис временно недоступен/);
  assert.doesNotMatch(response.body, /Application Error|Unexpected Server Error|stack/i);
}

for (const kind of testDatabaseKinds) {
  describe(`the pages' door on ${kind.name}`, () => {
    let database: TestDatabase;
    let site: StaffTestApp;
    before(async () => {
      database = await kind.create();
      site = await startStaffTestApp({ databaseUrl: database.url });
      await addStaffUser(site.data, "anna", password);
    });
    after(async () => {
      await site?.close();
      await database?.drop();
    });

    test("sign-in while the store cannot write: 503 and a Russian page, not a 500", async () => {
      await breakInserts(database.url, "staff_sessions");
      try {
        const staff = new StaffClient(site.app);
        assertUnavailablePage(await staff.signIn("anna", password));
        assert.equal(staff.cookies.get("staff_session"), undefined, "no session was started");
      } finally {
        await repairInserts(database.url, "staff_sessions");
      }
      const staff = new StaffClient(site.app);
      assert.equal((await staff.signIn("anna", password)).statusCode, 302, "works again");
    });

    test("a staff form while the store cannot write: 503 and a Russian page", async () => {
      const appeal = await storeAppealIn(site.data, new Date(Date.now() - 60_000), {
        state: "registered",
        registered_on: kirovIsoDate(new Date()),
      });
      const staff = new StaffClient(site.app);
      await staff.signIn("anna", password);
      await staff.get(`/staff/appeals/${appeal.id}`);
      await breakInserts(database.url, "appeal_notes");
      try {
        const note = await staff.post(`/staff/appeals/${appeal.id}`, {
          intent: "note",
          note_text: "Позвонить заявителю.",
        });
        assertUnavailablePage(note);
      } finally {
        await repairInserts(database.url, "appeal_notes");
      }
    });
  });
}

describe("the pages' door: how bodies are read and pages are sent", () => {
  let database: TestDatabase;
  let site: StaffTestApp;
  let staff: StaffClient;
  let appealId: string;
  before(async () => {
    database = await createSqliteDatabase();
    site = await startStaffTestApp({ databaseUrl: database.url });
    await addStaffUser(site.data, "anna", password);
    appealId = (
      await storeAppealIn(site.data, new Date(Date.now() - 60_000), {
        state: "registered",
        registered_on: kirovIsoDate(new Date()),
      })
    ).id;
    staff = new StaffClient(site.app);
    await staff.signIn("anna", password);
  });
  after(async () => {
    await site?.close();
    await database?.drop();
  });

  function postRaw(url: string, contentType: string, payload: string) {
    return site.app.inject({
      method: "POST",
      url,
      headers: {
        host: "localhost:8000",
        origin: "http://localhost:8000",
        cookie: [...staff.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        "content-type": contentType,
      },
      payload,
    });
  }

  test("a file part with more than 50 headers is refused with 400, not dropped", async () => {
    await staff.get(`/staff/appeals/${appealId}`);
    const boundary = "----door-many-headers";
    // The part's own headers come after 60 others: the parser stops at 50 and never sees them.
    const padding = Array.from({ length: 60 }, (_, index) => `X-Pad-${index}: ${index}\r\n`).join(
      "",
    );
    const body = [
      `--${boundary}\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n${staff.csrfToken}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nanswer\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="version"\r\n\r\n1\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="answer_text"\r\n\r\nОтвет\r\n`,
      `--${boundary}\r\n${padding}Content-Disposition: form-data; name="files"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n`,
      `--${boundary}--\r\n`,
    ].join("");
    const response = await postRaw(
      `/staff/appeals/${appealId}/answer`,
      `multipart/form-data; boundary=${boundary}`,
      body,
    );
    assert.equal(response.statusCode, 400, textOf(response.body).slice(0, 300));
    assert.match(textOf(response.body), /Не удалось прочитать часть формы/);
    const stored = await site.data.appeals.findInRegistry(appealId);
    assert.equal(stored?.state, "registered", "nothing was answered");
  });

  test("a multipart body without a boundary: 400 that says so, not the CSRF message", async () => {
    await staff.get(`/staff/appeals/${appealId}`);
    const response = await postRaw(
      `/staff/appeals/${appealId}/answer`,
      "multipart/form-data",
      `--x\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n${staff.csrfToken}\r\n--x--\r\n`,
    );
    assert.equal(response.statusCode, 400, textOf(response.body).slice(0, 300));
    assert.match(textOf(response.body), /boundary/);
    assert.doesNotMatch(textOf(response.body), /Форма устарела/);
  });

  test("the answer form's address is the appeal's page: reloaded, and posted to by its small forms", async () => {
    const reloaded = await staff.get(`/staff/appeals/${appealId}/answer`);
    assert.equal(reloaded.statusCode, 200);
    assert.match(textOf(reloaded.body), /Ответ гражданину/);
    const note = await staff.post(`/staff/appeals/${appealId}/answer`, {
      intent: "note",
      note_text: "Заметка со страницы ответа.",
    });
    assert.equal(note.statusCode, 303, textOf(note.body).slice(0, 300));
    assert.match(
      textOf((await staff.get(`/staff/appeals/${appealId}`)).body),
      /Заметка со страницы ответа/,
    );
  });

  test("every rendered page says its charset: the status page, the review, a staff page", async () => {
    for (const url of ["/appeals/status", "/appeals/review", "/staff", "/staff/statistics"]) {
      const response = await staff.get(url);
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.headers["content-type"], "text/html; charset=utf-8", url);
    }
    const lookup = await site.app.inject({
      method: "POST",
      url: "/appeals/status",
      headers: {
        host: "localhost:8000",
        origin: "http://localhost:8000",
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: "number=%D0%90-2026-000001&email=a%40example.ru",
    });
    assert.equal(lookup.headers["content-type"], "text/html; charset=utf-8");
  });
});
