// The staff area over HTTP (fastify.inject) on SQLite and PostgreSQL: sign-in, sessions, CSRF,
// lockout, the list's keyset pages and filters, state changes with their audit, the CSV export.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { nextDeadline } from "../../domain/appeals/appeal-deadlines.ts";
import { addCalendarDays } from "../../domain/calendar/calendar-day.ts";
import type { RegistryAppeal, RegistryRow } from "../../domain/staff/registry-types.ts";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import { type TestDatabase, testDatabaseKinds } from "../store/test-databases.ts";
import { lockoutLimits } from "./staff-auth.ts";
import {
  addStaffUser,
  newAppeal,
  StaffClient,
  type StaffTestApp,
  startStaffTestApp,
} from "./staff-test-app.ts";

const password = "correct horse battery";
const dayMs = 86_400_000;

for (const kind of testDatabaseKinds) {
  describe(`staff area on ${kind.name}`, () => {
    let database: TestDatabase;
    let site: StaffTestApp;
    before(async () => {
      database = await kind.create();
      site = await startStaffTestApp({ databaseUrl: database.url });
      await addStaffUser(site.staffStore, "anna", password);
      await addStaffUser(site.staffStore, "boris", password);
    });
    after(async () => {
      await site?.close();
      await database?.drop();
    });

    const auditActions = async () =>
      (await site.staffStore.recentAudit(100)).map(
        (entry) => `${entry.action}:${entry.staff_login}`,
      );

    test("without a session every page sends to the sign-in page; headers keep it private", async () => {
      const client = new StaffClient(site.app);
      const list = await client.get("/staff");
      assert.equal(list.statusCode, 303);
      assert.equal(list.headers.location, "/staff/login");
      const login = await client.get("/staff/login");
      assert.equal(login.statusCode, 200);
      assert.equal(login.headers["cache-control"], "no-store");
      assert.equal(login.headers["x-robots-tag"], "noindex, nofollow");
      assert.match(String(login.headers["content-security-policy"]), /default-src 'none'/);
      assert.doesNotMatch(String(login.headers["content-security-policy"]), /script-src/);
      const csv = await client.get("/staff/export.csv");
      assert.equal(csv.statusCode, 303);
    });

    test("a wrong password is refused and audited; the right one opens a session", async () => {
      const client = new StaffClient(site.app);
      const wrong = await client.signIn("anna", "not the password");
      assert.equal(wrong.statusCode, 401);
      assert.equal(wrong.json().error, "Неверный логин или пароль.");
      assert.equal(client.cookies.has("staff_session"), false);
      assert.ok((await auditActions()).includes("sign-in-failed:anna"));

      const right = await client.signIn("anna", password);
      assert.equal(right.statusCode, 302);
      const cookie = right.cookies.find((item) => item.name === "staff_session");
      assert.ok(cookie);
      assert.equal(cookie.httpOnly, true);
      assert.equal(cookie.sameSite, "Strict");
      assert.equal(cookie.path, "/staff");
      assert.equal(cookie.secure, undefined, "plain-http localhost: not Secure");
      const list = await client.get("/staff");
      assert.equal(list.statusCode, 200);
      assert.equal(list.json().login, "anna");
      assert.ok((await auditActions()).includes("sign-in:anna"));
    });

    test("on any other host the session cookie is Secure", async () => {
      const client = new StaffClient(site.app, "http://registry.example.ru");
      const response = await client.signIn("boris", password);
      assert.equal(response.statusCode, 302);
      assert.equal(response.cookies.find((item) => item.name === "staff_session")?.secure, true);
    });

    test("a form without the CSRF token, or from another origin, is refused", async () => {
      const client = new StaffClient(site.app);
      await client.signIn("anna", password);
      const noToken = await client.post("/staff/logout", {}, { csrf: false });
      assert.equal(noToken.statusCode, 403);
      assert.match(noToken.body, /Форма устарела или отправлена не с этого сайта/);
      const foreign = await client.post("/staff/logout", {}, { origin: "https://evil.example" });
      assert.equal(foreign.statusCode, 403);
      const stranger = new StaffClient(site.app);
      await stranger.get("/staff/login");
      // A token from another browser does not match this browser's secret.
      stranger.csrfToken = client.csrfToken;
      const crossed = await stranger.post("/staff/login", { login: "anna", password });
      assert.equal(crossed.statusCode, 403);
      assert.equal((await client.get("/staff")).statusCode, 200, "still signed in");
    });

    test("sign-out ends the session in the store: the old cookie opens nothing", async () => {
      const client = new StaffClient(site.app);
      await client.signIn("anna", password);
      const token = client.cookies.get("staff_session");
      assert.ok(token);
      const out = await client.post("/staff/logout", {});
      assert.equal(out.statusCode, 302);
      client.cookies.set("staff_session", token);
      assert.equal((await client.get("/staff")).statusCode, 303);
      const refused = await client.post("/staff/appeals/x", { intent: "start", version: "0" });
      assert.equal(refused.statusCode, 401);
      assert.match(refused.body, /Сеанс завершён или истёк/);
      assert.ok((await auditActions()).includes("sign-out:anna"));
    });

    test("a session idle for 30 minutes, or 12 hours old, is over", async () => {
      const client = new StaffClient(site.app);
      await client.signIn("anna", password);
      assert.equal((await client.get("/staff")).statusCode, 200);
      const past = (ms: number) => new Date(Date.now() - ms).toISOString();
      await site.sql.run("UPDATE staff_sessions SET last_seen_at = ? WHERE ended_at IS NULL", [
        past(31 * 60_000),
      ]);
      assert.equal((await client.get("/staff")).statusCode, 303);

      const busy = new StaffClient(site.app);
      await busy.signIn("anna", password);
      await site.sql.run(
        "UPDATE staff_sessions SET created_at = ?, last_seen_at = ? WHERE ended_at IS NULL",
        [past(12 * 3_600_000 + 60_000), past(0)],
      );
      assert.equal((await busy.get("/staff")).statusCode, 303);
    });

    test("a disabled account cannot sign in, and its open sessions end", async () => {
      await addStaffUser(site.staffStore, "vera", password);
      const client = new StaffClient(site.app);
      await client.signIn("vera", password);
      assert.equal((await client.get("/staff")).statusCode, 200);
      assert.equal(await site.staffStore.disableUser("vera", new Date()), true);
      assert.equal((await client.get("/staff")).statusCode, 303);
      const again = await new StaffClient(site.app).signIn("vera", password);
      assert.equal(again.statusCode, 401);
    });

    test(`after ${lockoutLimits.perLogin} failures a login is locked, even with the right password`, async () => {
      await addStaffUser(site.staffStore, "gleb", password);
      const client = new StaffClient(site.app);
      for (let attempt = 0; attempt < lockoutLimits.perLogin; attempt += 1) {
        assert.equal((await client.signIn("gleb", `wrong ${attempt}`)).statusCode, 401);
      }
      const locked = await client.signIn("gleb", password);
      assert.equal(locked.statusCode, 429);
      assert.match(locked.json().error, /Вход временно заблокирован/);
      // Kept in the database: another server (another store connection) sees the same count.
      const since = new Date(Date.now() - lockoutLimits.windowMs);
      assert.equal(
        await site.staffStore.countFailures("login:gleb", since),
        lockoutLimits.perLogin,
      );
    });

    describe("the registry", () => {
      const client = () => new StaffClient(site.app);
      let staff: StaffClient;
      before(async () => {
        await site.sql.run("DELETE FROM appeals");
        staff = client();
        await staff.signIn("anna", password);
      });

      test("keyset pages: newest first, 50 a page, no gaps and no repeats", async () => {
        const start = Date.now() - 200 * 60_000;
        for (let index = 0; index < 120; index += 1) {
          await site.store.insertAppeal(
            newAppeal(new Date(start + index * 60_000), {
              last_name: index % 10 === 0 ? "Петрова" : "Иванова",
              email: index === 7 ? "Seven@Example.ru" : `a${index}@example.ru`,
            }),
          );
        }
        const seen: RegistryRow[] = [];
        let url = "/staff";
        for (let page = 0; page < 5; page += 1) {
          const response = await staff.get(url);
          assert.equal(response.statusCode, 200);
          const body = response.json() as { page: { rows: RegistryRow[]; nextAfter?: number } };
          seen.push(...body.page.rows);
          if (body.page.nextAfter === undefined) break;
          assert.equal(body.page.rows.length, 50);
          url = `/staff?after=${body.page.nextAfter}`;
        }
        assert.equal(seen.length, 120);
        assert.equal(new Set(seen.map((row) => row.id)).size, 120);
        const times = seen.map((row) => row.created_at);
        assert.deepEqual(times, [...times].sort().reverse());
      });

      test("search by number, surname (any case) and e-mail (any case)", async () => {
        const list = async (query: string) =>
          ((await staff.get(`/staff?${query}`)).json() as { page: { rows: RegistryRow[] } }).page
            .rows;
        const [newest] = await list("");
        assert.ok(newest);
        const byNumber = await list(`q=${encodeURIComponent(newest.number.replace("А", "a"))}`);
        assert.deepEqual(
          byNumber.map((row) => row.id),
          [newest.id],
        );
        assert.equal((await list(`q=${encodeURIComponent("петрова")}`)).length, 12);
        const byEmail = await list("q=seven%40example.RU");
        assert.equal(byEmail.length, 1);
        assert.equal(byEmail[0]?.email, "Seven@Example.ru");
        const bad = await staff.get("/staff?state=lost");
        assert.equal(bad.statusCode, 400);
        assert.match(bad.json().error, /Неизвестное состояние/);
      });

      test("register, take up, extend once, answer: each step audited with who and from-to", async () => {
        const [row] = (await staff.get("/staff")).json().page.rows as RegistryRow[];
        assert.ok(row);
        const url = `/staff/appeals/${row.id}`;
        const today = kirovIsoDate(new Date());
        const future = await staff.post(url, {
          intent: "register",
          version: "0",
          registered_on: addCalendarDays(today, 1),
        });
        assert.equal(future.statusCode, 400);
        assert.match(future.json().error, /не может быть позже сегодняшнего дня/);
        const early = await staff.post(url, { intent: "answer", version: "0", answered_on: today });
        assert.equal(early.statusCode, 409);
        assert.match(early.json().error, /недоступно/);

        assert.equal(
          (await staff.post(url, { intent: "register", version: "0", registered_on: today }))
            .statusCode,
          303,
        );
        const stale = await staff.post(url, { intent: "start", version: "0" });
        assert.equal(stale.statusCode, 409, "a form from before the change is refused");
        assert.equal((await staff.post(url, { intent: "start", version: "1" })).statusCode, 303);
        const extend = { intent: "extend", version: "2", extension_days: "30" };
        const noReason = await staff.post(url, extend);
        assert.equal(noReason.statusCode, 400);
        assert.match(noReason.json().error, /Укажите причину продления/);
        assert.equal(
          (await staff.post(url, { ...extend, extension_reason: "запрос в министерство" }))
            .statusCode,
          303,
        );
        const twice = await staff.post(url, {
          ...extend,
          version: "3",
          extension_reason: "ещё раз",
        });
        assert.equal(twice.statusCode, 409);

        const page = (await staff.get(url)).json() as {
          appeal: RegistryAppeal;
          audit: Array<{
            action: string;
            staff_login: string;
            from_state: string;
            to_state: string;
            details: string;
          }>;
        };
        assert.equal(page.appeal.state, "in_progress");
        assert.equal(page.appeal.registered_on, today);
        assert.equal(page.appeal.extension_days, 30);
        assert.deepEqual(
          page.audit.map((entry) => [
            entry.action,
            entry.staff_login,
            entry.from_state,
            entry.to_state,
          ]),
          [
            ["register", "anna", "new", "registered"],
            ["start", "anna", "registered", "in_progress"],
            ["extend", "anna", "in_progress", "in_progress"],
          ],
        );
        assert.match(
          page.audit[2]?.details ?? "",
          /продлён на 30 дн.; причина: запрос в министерство/,
        );
        assert.equal(
          (await staff.post(url, { intent: "answer", version: "3", answered_on: today }))
            .statusCode,
          303,
        );
        assert.equal((await staff.get(url)).json().appeal.state, "answered");
      });

      test("forwarded and left-without-answer appeals record where and why", async () => {
        const rows = (await staff.get("/staff?state=new")).json().page.rows as RegistryRow[];
        const today = kirovIsoDate(new Date());
        const [first, second] = rows;
        assert.ok(first && second);
        for (const row of [first, second]) {
          await staff.post(`/staff/appeals/${row.id}`, {
            intent: "register",
            version: "0",
            registered_on: today,
          });
        }
        const forward = await staff.post(`/staff/appeals/${first.id}`, {
          intent: "forward",
          version: "1",
          forwarded_to: "Министерство сельского хозяйства Кировской области",
          forwarded_on: today,
        });
        assert.equal(forward.statusCode, 303);
        const leave = await staff.post(`/staff/appeals/${second.id}`, {
          intent: "leave-without-answer",
          version: "1",
          ground: "meaning_unclear",
        });
        assert.equal(leave.statusCode, 303);
        const left = (await staff.get(`/staff/appeals/${second.id}`)).json() as {
          appeal: RegistryAppeal;
          audit: Array<{ details: string }>;
        };
        assert.equal(left.appeal.state, "without_answer");
        assert.match(left.audit.at(-1)?.details ?? "", /Невозможно определить суть обращения/);
        // The notice term runs until the notice is marked.
        assert.equal(nextDeadline(left.appeal, today)?.kind, "notice");
        const badGround = await staff.post(`/staff/appeals/${first.id}`, {
          intent: "leave-without-answer",
          version: "2",
          ground: "boredom",
        });
        assert.equal(badGround.statusCode, 400);
        assert.match(badGround.json().error, /Выберите основание/);
        const forwarded = await staff.get("/staff?state=forwarded");
        assert.deepEqual(
          forwarded.json().page.rows.map((row: RegistryRow) => row.id),
          [first.id],
        );
      });

      test("the deadline filters select what the computed terms say, on both databases", async () => {
        // Spread receipt and registration dates over the last 60 days.
        const rows = (await staff.get("/staff?state=new")).json().page.rows as RegistryRow[];
        const now = Date.now();
        for (const [index, row] of rows.slice(0, 40).entries()) {
          const receivedAt = new Date(now - (index * 1.5 + 0.1) * dayMs).toISOString();
          const registeredOn = kirovIsoDate(new Date(Date.parse(receivedAt) + (index % 3) * dayMs));
          const state = index % 4 === 0 ? "new" : index % 4 === 1 ? "registered" : "in_progress";
          await site.sql.run(
            `UPDATE appeals SET created_at = ?, state = ?, registered_on = ?, extension_days = ?
             WHERE id = ?`,
            [
              receivedAt,
              state,
              state === "new" ? null : registeredOn,
              index % 5 === 0 ? 20 : 0,
              row.id,
            ],
          );
        }
        const today = kirovIsoDate(new Date());
        const all: RegistryAppeal[] = [];
        for await (const appeal of site.staffStore.eachAppeal({}, today)) all.push(appeal);
        for (const filter of ["overdue", "due-soon"] as const) {
          const expected = all
            .filter((appeal) => nextDeadline(appeal, today)?.state === filter)
            .map((appeal) => appeal.id)
            .sort();
          const got: string[] = [];
          let url = `/staff?deadline=${filter}`;
          for (;;) {
            const body = (await staff.get(url)).json();
            got.push(...body.page.rows.map((row: RegistryRow) => row.id));
            if (body.page.nextAfter === undefined) break;
            url = `/staff?deadline=${filter}&after=${body.page.nextAfter}`;
          }
          assert.ok(expected.length > 0, `some appeals are ${filter}`);
          assert.deepEqual(got.sort(), expected, filter);
        }
      });

      test("a notification that ran out of tries is shown as failed and can be sent again", async () => {
        const { id } = await site.store.insertAppeal(newAppeal(new Date()));
        const url = `/staff/appeals/${id}`;
        assert.equal((await staff.get(url)).json().notification.status, "pending");
        const nothing = await staff.post(url, { intent: "retry-notification" });
        assert.equal(nothing.statusCode, 409);
        await site.sql.run(
          "UPDATE notification_outbox SET state = 'failed', attempts = 10 WHERE appeal_id = ?",
          [id],
        );
        const failed = (await staff.get(url)).json().notification;
        assert.deepEqual([failed.status, failed.attempts], ["failed", 10]);
        assert.equal((await staff.post(url, { intent: "retry-notification" })).statusCode, 303);
        const page = (await staff.get(url)).json();
        assert.deepEqual([page.notification.status, page.notification.attempts], ["pending", 0]);
        assert.equal(page.audit.at(-1).action, "retry-notification");
        assert.equal(page.audit.at(-1).staff_login, "anna");
      });

      test("CSV: BOM, ';', formulas neutralised, a <script> comment kept as plain text", async () => {
        await site.store.insertAppeal(
          newAppeal(new Date(), {
            last_name: '=HYPERLINK("http://evil")',
            comment: "<script>alert(1)</script>; второе предложение",
          }),
        );
        const csv = await staff.get("/staff/export.csv?q=%3DHYPERLINK(%22http%3A%2F%2Fevil%22)");
        assert.equal(csv.statusCode, 200);
        assert.match(String(csv.headers["content-type"]), /^text\/csv; charset=utf-8/);
        assert.match(String(csv.headers["content-disposition"]), /attachment; filename="appeals-/);
        assert.equal(csv.headers["cache-control"], "no-store");
        const bytes = csv.rawPayload;
        assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
        const lines = bytes.subarray(3).toString("utf8").trimEnd().split("\r\n");
        assert.equal(lines.length, 2);
        assert.match(lines[0] ?? "", /^Номер;Поступило;Дата регистрации;Состояние;/);
        assert.match(lines[1] ?? "", /;"'=HYPERLINK\(""http:\/\/evil""\)";/);
        assert.match(lines[1] ?? "", /;"<script>alert\(1\)<\/script>; второе предложение";/);
      });
    });
  });
}
