// The staff area at /staff over HTTP (fastify inject, no browser) on SQLite and PostgreSQL,
// rendered by the real React Router server build (build/server/index.js: the loaders and actions
// of app/routes/staff-*.tsx), each fact read from the HTML pages: sign-in, sessions, CSRF,
// lockout, the list's keyset pages and filters, state changes with their audit, the notification
// retry, the CSV export. Needs `npm run build` first.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  appealActionLabels,
  appealStateLabels,
  groundLabel,
} from "../../domain/appeals/appeal-states.ts";
import { deadlineKindLabels, nextDeadline } from "../../domain/appeals/running-terms.ts";
import { addCalendarDays } from "../../domain/calendar/calendar-day.ts";
import type { RegistryAppeal } from "../../domain/staff/registry-types.ts";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import { createSignInKeys } from "../../server/staff/auth/sign-in-keys.ts";
import { lockoutLimits, signInKeySecretName } from "../../server/staff/auth/staff-auth.ts";
import { runSql } from "../support/direct-sql.ts";
import { addStaffUser, storeAppealIn } from "../support/staff-fixtures.ts";
import {
  afterOf,
  type ListedAppeal,
  StaffClient,
  type StaffTestApp,
  signedInLoginIn,
  staffErrorIn,
  startStaffTestApp,
  textOf,
  timeIn,
} from "../support/staff-test-app.ts";
import { type TestDatabase, testDatabaseKinds } from "../support/test-databases.ts";

const password = "correct horse battery";
const dayMs = 86_400_000;

const notificationLabels = {
  pending: "ожидает отправки",
  failed: "не доставлено: попытки исчерпаны",
} as const;

for (const kind of testDatabaseKinds) {
  describe(`staff area on ${kind.name}`, () => {
    let database: TestDatabase;
    let site: StaffTestApp;
    before(async () => {
      database = await kind.create();
      site = await startStaffTestApp({ databaseUrl: database.url });
      await addStaffUser(site.data, "anna", password);
      await addStaffUser(site.data, "boris", password);
    });
    after(async () => {
      await site?.close();
      await database?.drop();
    });

    const sql = (text: string, params: Array<string | number | null> = []) =>
      runSql(site.databaseUrl, text, params);
    const auditActions = async () =>
      (await site.data.audit.recent(100)).map((entry) => `${entry.action}:${entry.staff_login}`);

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
      assert.match(login.body, /<h1>Вход в реестр обращений<\/h1>/);
      assert.ok(client.csrfToken, "the sign-in form carries its CSRF token");
      const csv = await client.get("/staff/export.csv");
      assert.equal(csv.statusCode, 303);
    });

    test("a wrong password is refused and audited; the right one opens a session", async () => {
      const client = new StaffClient(site.app);
      const wrong = await client.signIn("anna", "not the password");
      assert.equal(wrong.statusCode, 401);
      assert.equal(staffErrorIn(wrong.body), "Неверный логин или пароль.");
      assert.equal(client.cookies.has("staff_session"), false);
      assert.ok((await auditActions()).includes("sign-in-failed:anna"));

      const right = await client.signIn("anna", password);
      assert.equal(right.statusCode, 302);
      assert.equal(right.headers.location, "/staff");
      const cookie = right.cookies.find((item) => item.name === "staff_session");
      assert.ok(cookie);
      assert.equal(cookie.httpOnly, true);
      assert.equal(cookie.sameSite, "Strict");
      assert.equal(cookie.path, "/staff");
      assert.equal(cookie.secure, undefined, "plain-http localhost: not Secure");
      const list = await client.get("/staff");
      assert.equal(list.statusCode, 200);
      assert.equal(signedInLoginIn(list.body), "anna");
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
      // The token of the signed-in page (the sign-out form in the layout).
      assert.equal((await client.get("/staff")).statusCode, 200);
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
      assert.equal(stranger.cookies.has("staff_session"), false);
      assert.equal((await client.get("/staff")).statusCode, 200, "still signed in");
    });

    test("sign-out ends the session in the store: the old cookie opens nothing", async () => {
      const client = new StaffClient(site.app);
      await client.signIn("anna", password);
      const token = client.cookies.get("staff_session");
      assert.ok(token);
      assert.equal((await client.get("/staff")).statusCode, 200);
      const out = await client.post("/staff/logout", {});
      assert.equal(out.statusCode, 302);
      assert.equal(out.headers.location, "/staff/login");
      assert.equal(client.cookies.has("staff_session"), false, "the cookie is cleared");
      client.cookies.set("staff_session", token);
      assert.equal((await client.get("/staff")).statusCode, 303);
      // The redirect cleared it again; sent anyway, with its session's token (bound to it).
      client.cookies.set("staff_session", token);
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
      await sql("UPDATE staff_sessions SET last_seen_at = ? WHERE ended_at IS NULL", [
        past(31 * 60_000),
      ]);
      assert.equal((await client.get("/staff")).statusCode, 303);

      const busy = new StaffClient(site.app);
      await busy.signIn("anna", password);
      await sql(
        "UPDATE staff_sessions SET created_at = ?, last_seen_at = ? WHERE ended_at IS NULL",
        [past(12 * 3_600_000 + 60_000), past(0)],
      );
      assert.equal((await busy.get("/staff")).statusCode, 303);
    });

    test("a disabled account cannot sign in, and its open sessions end", async () => {
      await addStaffUser(site.data, "vera", password);
      const client = new StaffClient(site.app);
      await client.signIn("vera", password);
      const list = await client.get("/staff");
      assert.equal(list.statusCode, 200);
      assert.equal(signedInLoginIn(list.body), "vera");
      assert.equal(await site.data.staffAccounts.disableUser("vera", new Date()), true);
      assert.equal((await client.get("/staff")).statusCode, 303);
      const again = await new StaffClient(site.app).signIn("vera", password);
      assert.equal(again.statusCode, 401);
      assert.equal(staffErrorIn(again.body), "Неверный логин или пароль.");
    });

    test(`after ${lockoutLimits.perLogin} failures a login is locked, even with the right password`, async () => {
      await addStaffUser(site.data, "gleb", password);
      const client = new StaffClient(site.app);
      for (let attempt = 0; attempt < lockoutLimits.perLogin; attempt += 1) {
        assert.equal((await client.signIn("gleb", `wrong ${attempt}`)).statusCode, 401);
      }
      const locked = await client.signIn("gleb", password);
      assert.equal(locked.statusCode, 429);
      assert.match(staffErrorIn(locked.body) ?? "", /Вход временно заблокирован/);
      assert.equal(client.cookies.has("staff_session"), false);
      // Kept in the database: another server (another connection) sees the same count.
      // Counted under the login's keyed hash, never the typed text (decision 0014).
      const secret = await site.data.secrets.secret(signInKeySecretName);
      const keys = createSignInKeys(secret).of("gleb", "127.0.0.1");
      assert.equal(
        await site.data.signInGuard.slots(keys.login, new Date()),
        lockoutLimits.perLogin,
      );
    });

    describe("the registry", () => {
      let staff: StaffClient;
      before(async () => {
        await sql("DELETE FROM appeals");
        staff = new StaffClient(site.app);
        await staff.signIn("anna", password);
      });

      /** Every row the list shows for `query`, following its 'Следующие обращения' links. */
      const allPages = async (query: string) => {
        const rows: ListedAppeal[] = [];
        let url: string | undefined = `/staff?${query}`;
        while (url) {
          const page = await staff.list(url);
          rows.push(...page.rows);
          url = page.next;
        }
        return rows;
      };

      test("keyset pages: newest first, 50 a page, no gaps and no repeats", async () => {
        const start = Date.now() - 200 * 60_000;
        for (let index = 0; index < 120; index += 1) {
          await storeAppealIn(site.data, new Date(start + index * 60_000), undefined, {
            last_name: index % 10 === 0 ? "Петрова" : "Иванова",
            email: index === 7 ? "Seven@Example.ru" : `a${index}@example.ru`,
          });
        }
        const seen: ListedAppeal[] = [];
        let url = "/staff";
        for (let page = 0; page < 5; page += 1) {
          const shown = await staff.list(url);
          seen.push(...shown.rows);
          if (shown.next === undefined) break;
          assert.equal(shown.rows.length, 50);
          const nextAfter = afterOf(shown.next);
          assert.ok(nextAfter !== undefined, shown.next);
          assert.equal(shown.next, `/staff?after=${nextAfter}`);
          url = shown.next;
        }
        assert.equal(seen.length, 120);
        assert.equal(new Set(seen.map((row) => row.id)).size, 120);
        const times = seen.map((row) => row.receivedAt);
        assert.ok(times.every((time) => time !== undefined));
        assert.deepEqual(times, [...times].sort().reverse());
      });

      test("search by number, surname (any case) and e-mail (any case)", async () => {
        const list = async (query: string) => (await staff.list(`/staff?${query}`)).rows;
        const [newest] = await list("");
        assert.ok(newest);
        assert.match(newest.number, /^А-\d{4}-\d{6}$/);
        const byNumber = await list(`q=${encodeURIComponent(newest.number.replace("А", "a"))}`);
        assert.deepEqual(
          byNumber.map((row) => row.id),
          [newest.id],
        );
        assert.equal((await list(`q=${encodeURIComponent("петрова")}`)).length, 12);
        const byEmail = await list("q=seven%40example.RU");
        assert.equal(byEmail.length, 1);
        const found = byEmail[0];
        assert.ok(found);
        assert.equal(
          textOf((await staff.appeal(found.id)).fields.get("Электронная почта") ?? ""),
          "Seven@Example.ru",
        );
        const bad = await staff.get("/staff?state=lost");
        assert.equal(bad.statusCode, 400);
        assert.match(staffErrorIn(bad.body) ?? "", /Неизвестное состояние/);
      });

      test("register, take up, extend once, send the answer: each step audited with who and from-to", async () => {
        const [row] = (await staff.list("/staff")).rows;
        assert.ok(row);
        const url = `/staff/appeals/${row.id}`;
        const today = kirovIsoDate(new Date());
        const future = await staff.post(url, {
          intent: "register",
          version: "0",
          registered_on: addCalendarDays(today, 1),
        });
        assert.equal(future.statusCode, 400);
        assert.match(staffErrorIn(future.body) ?? "", /не может быть позже сегодняшнего дня/);
        const early = await staff.post(url, {
          intent: "answer",
          version: "0",
          answer_text: "Ответ до регистрации",
        });
        assert.equal(early.statusCode, 409);
        assert.match(staffErrorIn(early.body) ?? "", /недоступно/);

        const registered = await staff.post(url, {
          intent: "register",
          version: "0",
          registered_on: today,
        });
        assert.equal(registered.statusCode, 303);
        assert.equal(registered.headers.location, url);
        const stale = await staff.post(url, { intent: "start", version: "0" });
        assert.equal(stale.statusCode, 409, "a form from before the change is refused");
        assert.ok(staffErrorIn(stale.body));
        assert.equal((await staff.post(url, { intent: "start", version: "1" })).statusCode, 303);
        const extend = { intent: "extend", version: "2", extension_days: "30" };
        const noReason = await staff.post(url, extend);
        assert.equal(noReason.statusCode, 400);
        assert.match(staffErrorIn(noReason.body) ?? "", /Укажите причину продления/);
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

        const page = await staff.appeal(row.id);
        assert.equal(page.state, appealStateLabels.in_progress);
        assert.equal(timeIn(page.fields.get("Дата регистрации") ?? ""), today);
        assert.match(
          textOf(page.fields.get("Продление срока ответа") ?? ""),
          /^на 30 дн\.; причина: запрос в министерство$/,
        );
        const [receipt, ...audit] = page.audit;
        assert.equal(receipt?.action, "Поступление", "the log opens with the receipt");
        assert.deepEqual(
          audit.map((entry) => [entry.action, entry.who, entry.from, entry.to]),
          [
            [
              appealActionLabels.register,
              "anna",
              appealStateLabels.new,
              appealStateLabels.registered,
            ],
            [
              appealActionLabels.start,
              "anna",
              appealStateLabels.registered,
              appealStateLabels.in_progress,
            ],
            [
              appealActionLabels.extend,
              "anna",
              appealStateLabels.in_progress,
              appealStateLabels.in_progress,
            ],
          ],
        );
        assert.match(audit[2]?.details ?? "", /продлён на 30 дн.; причина: запрос в министерство/);
        assert.equal(
          (
            await staff.post(url, {
              intent: "answer",
              version: "3",
              answer_text: "Ответ по существу",
            })
          ).statusCode,
          303,
        );
        const answered = await staff.appeal(row.id);
        assert.equal(answered.state, appealStateLabels.answered);
        assert.equal(timeIn(answered.fields.get("Дата ответа") ?? ""), today);
        // The old tick is gone: an appeal is answered only by an answer that exists.
        const tick = await staff.post(url, { intent: "answer", version: "4", answered_on: today });
        assert.equal(tick.statusCode, 400);
      });

      test("forwarded and left-without-answer appeals record where and why", async () => {
        const { rows } = await staff.list("/staff?state=new");
        const today = kirovIsoDate(new Date());
        const [first, second] = rows;
        assert.ok(first && second);
        for (const row of [first, second]) {
          const registered = await staff.post(`/staff/appeals/${row.id}`, {
            intent: "register",
            version: "0",
            registered_on: today,
          });
          assert.equal(registered.statusCode, 303);
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
        const left = await staff.appeal(second.id);
        assert.equal(left.state, appealStateLabels.without_answer);
        assert.match(left.audit.at(-1)?.details ?? "", /Невозможно определить суть обращения/);
        assert.equal(
          textOf(left.fields.get("Основание оставления без ответа") ?? ""),
          groundLabel("meaning_unclear"),
        );
        // The notice term runs until the notice is marked: the page's first term but forwarding.
        const shownNext = left.deadlines.find(
          (text) => !text.startsWith(`${deadlineKindLabels.forward}:`),
        );
        assert.match(shownNext ?? "", new RegExp(`^${deadlineKindLabels.notice}: до `));
        const forwardedPage = await staff.appeal(first.id);
        assert.equal(forwardedPage.state, appealStateLabels.forwarded);
        assert.match(
          textOf(forwardedPage.fields.get("Перенаправлено") ?? ""),
          /^Министерство сельского хозяйства Кировской области, /,
        );
        const badGround = await staff.post(`/staff/appeals/${first.id}`, {
          intent: "leave-without-answer",
          version: "2",
          ground: "boredom",
        });
        assert.equal(badGround.statusCode, 400);
        assert.match(staffErrorIn(badGround.body) ?? "", /Выберите основание/);
        const forwarded = await staff.list("/staff?state=forwarded");
        assert.deepEqual(
          forwarded.rows.map((row) => row.id),
          [first.id],
        );
      });

      test("the deadline filters select what the computed terms say, on both databases", async () => {
        // Spread receipt and registration dates over the last 60 days.
        const { rows } = await staff.list("/staff?state=new");
        const now = Date.now();
        for (const [index, row] of rows.slice(0, 40).entries()) {
          const receivedAt = new Date(now - (index * 1.5 + 0.1) * dayMs).toISOString();
          const registeredOn = kirovIsoDate(new Date(Date.parse(receivedAt) + (index % 3) * dayMs));
          const state = index % 4 === 0 ? "new" : index % 4 === 1 ? "registered" : "in_progress";
          await sql(
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
        for await (const appeal of site.data.appeals.eachInRegistry({}, today)) all.push(appeal);
        for (const filter of ["overdue", "due-soon"] as const) {
          const expected = all
            .filter((appeal) => {
              const state = nextDeadline(appeal, today)?.state;
              return filter === "overdue"
                ? state === "overdue"
                : state === "last-third" || state === "last-day";
            })
            .map((appeal) => appeal.id)
            .sort();
          const got = (await allPages(`deadline=${filter}`)).map((row) => row.id);
          assert.ok(expected.length > 0, `some appeals are ${filter}`);
          assert.deepEqual(got.sort(), expected, filter);
        }
      });

      test("a notification that ran out of tries is shown as failed and can be sent again", async () => {
        const { id } = await storeAppealIn(site.data, new Date());
        const url = `/staff/appeals/${id}`;
        assert.deepEqual((await staff.appeal(id)).notification, {
          label: notificationLabels.pending,
          attempts: 0,
        });
        const nothing = await staff.post(url, { intent: "retry-notification" });
        assert.equal(nothing.statusCode, 409);
        assert.ok(staffErrorIn(nothing.body));
        await sql(
          `UPDATE deliveries SET state = 'failed', attempts = 10
           WHERE kind = 'appeal-notification' AND appeal_id = ?`,
          [id],
        );
        const failed = await staff.appeal(id);
        assert.deepEqual(failed.notification, { label: notificationLabels.failed, attempts: 10 });
        assert.equal((await staff.post(url, { intent: "retry-notification" })).statusCode, 303);
        const page = await staff.appeal(id);
        assert.deepEqual(page.notification, { label: notificationLabels.pending, attempts: 0 });
        assert.equal(page.audit.at(-1)?.action, "Повторная отправка уведомления");
        assert.equal(page.audit.at(-1)?.who, "anna");
        const stored = await site.data.deliveries.statusOf(id, "appeal-notification");
        assert.deepEqual([stored?.state, stored?.attempts], ["pending", 0]);
      });

      test("CSV: BOM, ';', formulas neutralised, a <script> comment kept as plain text", async () => {
        const { id } = await storeAppealIn(site.data, new Date(), undefined, {
          last_name: '=HYPERLINK("http://evil")',
          comment: "<script>alert(1)</script>; второе предложение",
        });
        // The pages show the same text as text, never as markup.
        const list = await staff.get("/staff?q=%3DHYPERLINK(%22http%3A%2F%2Fevil%22)");
        const appeal = await staff.get(`/staff/appeals/${id}`);
        for (const page of [list, appeal]) {
          assert.equal(page.statusCode, 200);
          assert.doesNotMatch(page.body, /<script/i);
          assert.match(page.body, /&lt;script&gt;alert\(1\)&lt;\/script&gt;; второе предложение/);
        }
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

    test("no request above failed on the server: no 5xx answered, no error logged", () => {
      const lines = site.logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const requests = lines.filter((line) => line.msg === "request");
      assert.ok(requests.length > 50, "the requests above were logged");
      assert.deepEqual(
        requests.filter((line) => Number(line.status) >= 500).map((line) => line.path),
        [],
      );
      assert.deepEqual(
        lines.filter((line) => Number(line.level) >= 50).map((line) => line.msg),
        [],
      );
    });
  });
}
