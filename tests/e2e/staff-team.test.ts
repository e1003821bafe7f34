// Staff as a team, on SQLite and PostgreSQL, over HTTP through the real server build with a real
// SMTP server: roles decide what each account may do; a registrar registers and assigns; the
// executor is mailed the number and the term, never the citizen's words; the executor sees only
// their own appeals (list, page, files, CSV; 404 for the rest); their answer waits for a head,
// who returns it with a comment or approves it, and only then does the citizen get it; notes stay
// inside; reply templates fill the answer form; an administrator sees no appeal.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import { addStaffUser, storeAppealIn } from "../support/staff-fixtures.ts";
import {
  readAppealPage,
  readRegistryList,
  StaffClient,
  staffErrorIn,
  staffPageHandler,
  textOf,
} from "../support/staff-test-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { type TestDatabase, testDatabaseKinds } from "../support/test-databases.ts";
import {
  createTestSmtpServer,
  type TestSmtpServer,
  testMailConfig,
} from "../support/test-smtp-server.ts";

const password = "correct horse battery";
const citizen = "citizen@example.ru";
const executorMail = "ivan.ispolnitel@example.ru";
const secretComment = "Секретные подробности обращения";
const note = "Внутренняя заметка: позвонить в лабораторию";

for (const kind of testDatabaseKinds) {
  describe(`staff as a team on ${kind.name}`, () => {
    let database: TestDatabase;
    let smtp: TestSmtpServer;
    let site: TestApp;
    let pdf: Buffer;
    const clients = new Map<string, StaffClient>();
    before(async () => {
      pdf = await readFile(new URL("../fixtures/answer-letter.pdf", import.meta.url));
      database = await kind.create();
      smtp = await createTestSmtpServer({ onlyTo: [citizen, executorMail] });
      site = await startTestApp({
        databaseUrl: database.url,
        pageHandler: await staffPageHandler(),
        mail: testMailConfig(smtp),
      });
      await addStaffUser(site.data, "rita", password, { role: "registrar" });
      await addStaffUser(site.data, "ivan", password, { role: "executor", email: executorMail });
      await addStaffUser(site.data, "petr", password, { role: "executor" });
      await addStaffUser(site.data, "galina", password, { role: "head" });
      await addStaffUser(site.data, "adam", password, { role: "admin" });
      for (const login of ["rita", "ivan", "petr", "galina", "adam"]) {
        const client = new StaffClient(site.app);
        assert.equal((await client.signIn(login, password)).statusCode, 302, login);
        clients.set(login, client);
      }
    });
    after(async () => {
      await site?.close();
      await smtp?.stop();
      await database?.drop();
    });

    const as = (login: string) => {
      const client = clients.get(login);
      assert.ok(client, login);
      return client;
    };
    const today = () => kirovIsoDate(new Date());
    const newAppeal = () =>
      storeAppealIn(site.data, new Date(Date.now() - 60_000), undefined, {
        email: citizen,
        comment: secretComment,
        phone: "+7 912 000-11-22",
      });
    async function act(login: string, id: string, fields: Record<string, string>) {
      const client = as(login);
      await client.get(`/staff/appeals/${id}`);
      return client.post(`/staff/appeals/${id}`, fields);
    }
    async function version(id: string) {
      return String((await site.data.appeals.findInRegistry(id))?.version);
    }
    /** The answer draft's revision, as the head's page shows it. */
    async function draftRevision(id: string) {
      return String((await site.data.answers.ofAppeal(id))?.revision);
    }
    async function waitForMail(test: (subject: string) => boolean, count = 1) {
      for (let tries = 0; tries < 400; tries += 1) {
        const found = smtp.received.filter((mail) => test(mail.subject ?? ""));
        if (found.length >= count) return found;
        await sleep(25);
      }
      throw new Error("the mail did not arrive");
    }

    test("a registrar registers and assigns; the executor is mailed the number and the term only", async () => {
      const appeal = await newAppeal();
      assert.equal(
        (await act("rita", appeal.id, { intent: "register", version: "0", registered_on: today() }))
          .statusCode,
        303,
      );
      const refused = await act("rita", appeal.id, {
        intent: "assign",
        version: "1",
        assignee: "galina",
      });
      assert.equal(refused.statusCode, 400, "only an executor may be given an appeal");
      const assigned = await act("rita", appeal.id, {
        intent: "assign",
        version: "1",
        assignee: "ivan",
      });
      assert.equal(assigned.statusCode, 303, staffErrorIn(assigned.body));
      const [mail] = await waitForMail(
        (subject) => subject.includes(appeal.number) && subject.startsWith("Вам поручено"),
      );
      assert.ok(mail);
      assert.deepEqual(mail.envelopeTo, [executorMail]);
      assert.match(mail.text ?? "", /Ответ: до \d\d\.\d\d\.\d{4}/);
      assert.match(mail.text ?? "", new RegExp(`/staff/appeals/${appeal.id}`));
      // The phone as typed and its digits: a bare "912" is also found, by chance, in a random
      // appeal id of the link (one run in a hundred or so).
      for (const personal of [secretComment, citizen, "912 000-11-22", "9120001122", "Иванова"]) {
        assert.ok(!mail.text?.includes(personal) && !mail.html?.includes(personal), personal);
      }
      const page = readAppealPage((await as("rita").get(`/staff/appeals/${appeal.id}`)).body);
      assert.ok(
        page.audit.some(
          (line) =>
            line.action === "Назначение исполнителя" &&
            line.who === "rita" &&
            /не назначен → ivan/.test(line.details),
        ),
      );
      // What a registrar may not do: answer, approve, keep templates.
      const answer = await act("rita", appeal.id, {
        intent: "answer",
        version: "2",
        answer_text: "x",
      });
      assert.equal(answer.statusCode, 403);
      assert.equal((await as("rita").get("/staff/templates")).statusCode, 403);
      // The statistics are the heads'.
      for (const path of ["/staff/statistics", "/staff/statistics.csv", "/staff/statistics.xlsx"]) {
        assert.equal((await as("rita").get(path)).statusCode, 403, path);
        assert.equal((await as("ivan").get(path)).statusCode, 403, path);
        assert.equal((await as("galina").get(path)).statusCode, 200, path);
      }
      // A topic is set by those who work on the appeal, an administrator sees no appeal at all.
      await as("rita").get(`/staff/appeals/${appeal.id}`);
      const topic = await as("rita").post(`/staff/appeals/${appeal.id}/topic`, { topic: "other" });
      assert.equal(topic.statusCode, 303, staffErrorIn(topic.body));
      // An executor may not assign.
      const grab = await act("ivan", appeal.id, {
        intent: "assign",
        version: "2",
        assignee: "ivan",
      });
      assert.equal(grab.statusCode, 403);
    });

    test("an executor sees only their appeals: another's page, file and CSV row are 404 / absent", async () => {
      const own = await newAppeal();
      const others = await newAppeal();
      for (const [appeal, executor] of [
        [own, "ivan"],
        [others, "petr"],
      ] as const) {
        await act("galina", appeal.id, {
          intent: "register",
          version: "0",
          registered_on: today(),
        });
        await act("galina", appeal.id, { intent: "assign", version: "1", assignee: executor });
      }
      // A head's answer with a file on the other executor's appeal: its file must stay out of reach.
      await as("galina").get(`/staff/appeals/${others.id}`);
      const sent = await as("galina").postMultipart(
        `/staff/appeals/${others.id}/answer`,
        { version: await version(others.id), answer_text: "Ответ руководителя", intent: "answer" },
        [{ name: "письмо.pdf", content: pdf }],
      );
      assert.equal(sent.statusCode, 303, staffErrorIn(sent.body));
      const fileLink = /href="(\/staff\/appeals\/[^"]+\/files\/[^"]+)"/.exec(
        (await as("galina").get(`/staff/appeals/${others.id}`)).body,
      )?.[1];
      assert.ok(fileLink);

      const ivan = as("ivan");
      const listed = readRegistryList((await ivan.get("/staff")).body).rows.map((row) => row.id);
      assert.ok(listed.includes(own.id));
      assert.ok(!listed.includes(others.id));
      assert.ok(listed.every((id) => id === own.id || id !== others.id));
      assert.equal((await ivan.get(`/staff/appeals/${others.id}`)).statusCode, 404);
      assert.equal((await ivan.get(fileLink)).statusCode, 404);
      assert.equal(
        (await ivan.post(`/staff/appeals/${others.id}`, { intent: "note", note_text: "x" }))
          .statusCode,
        404,
      );
      const csv = (await ivan.get("/staff/export.csv")).body;
      assert.ok(csv.includes(own.number));
      assert.ok(!csv.includes(others.number));
      // The administrator manages accounts only: no appeal at all.
      const adam = as("adam");
      assert.equal(readRegistryList((await adam.get("/staff")).body).rows.length, 0);
      assert.equal((await adam.get(`/staff/appeals/${own.id}`)).statusCode, 404);
      assert.equal((await adam.get("/staff/export.csv")).statusCode, 403);
    });

    test("the executor's answer waits; returned with a comment, revised, approved: only then mailed", async () => {
      const appeal = await newAppeal();
      await act("galina", appeal.id, { intent: "register", version: "0", registered_on: today() });
      await act("galina", appeal.id, { intent: "assign", version: "1", assignee: "ivan" });
      const ivan = as("ivan");
      await ivan.get(`/staff/appeals/${appeal.id}`);
      const drafted = await ivan.postMultipart(
        `/staff/appeals/${appeal.id}/answer`,
        {
          version: await version(appeal.id),
          answer_text: "Первый вариант ответа",
          intent: "answer",
        },
        [{ name: "письмо.pdf", content: pdf }],
      );
      assert.equal(drafted.statusCode, 303, staffErrorIn(drafted.body));
      let html = (await ivan.get(`/staff/appeals/${appeal.id}`)).body;
      assert.match(html, /Проект ответа: на согласовании/);
      assert.equal(readAppealPage(html).state, "Зарегистрировано");

      const early = await act("ivan", appeal.id, {
        intent: "approve-answer",
        version: await version(appeal.id),
        draft_revision: await draftRevision(appeal.id),
      });
      assert.equal(early.statusCode, 403, "an executor does not approve");
      const returned = await act("galina", appeal.id, {
        intent: "return-answer",
        version: await version(appeal.id),
        draft_revision: await draftRevision(appeal.id),
        review_comment: "Добавьте сроки обследования",
      });
      assert.equal(returned.statusCode, 303, staffErrorIn(returned.body));
      html = (await ivan.get(`/staff/appeals/${appeal.id}`)).body;
      assert.match(html, /Проект ответа: на доработку/);
      assert.match(
        textOf(/data-testid="review-comment">([\s\S]*?)<\/dd>/.exec(html)?.[1] ?? ""),
        /galina: Добавьте сроки обследования/,
      );
      assert.match(
        html,
        />Первый вариант ответа<\/textarea>/,
        "the draft is in the form to revise",
      );

      await ivan.get(`/staff/appeals/${appeal.id}`);
      const revised = await ivan.postMultipart(
        `/staff/appeals/${appeal.id}/answer`,
        {
          version: await version(appeal.id),
          answer_text: "Обследование пройдёт в мае",
          intent: "answer",
        },
        [],
      );
      assert.equal(revised.statusCode, 303, staffErrorIn(revised.body));
      // No answer is queued (a mail leaves only from the outbox), so none can arrive.
      assert.deepEqual(await site.data.deliveries.ofAppeal(appeal.id, ["appeal-answer"]), []);
      assert.equal(
        smtp.received.filter((mail) =>
          mail.subject?.startsWith(`Ответ на обращение № ${appeal.number}`),
        ).length,
        0,
        "nothing reaches the citizen before approval",
      );
      const approved = await act("galina", appeal.id, {
        intent: "approve-answer",
        version: await version(appeal.id),
        draft_revision: await draftRevision(appeal.id),
      });
      assert.equal(approved.statusCode, 303, staffErrorIn(approved.body));
      const [answer] = await waitForMail((subject) =>
        subject.startsWith(`Ответ на обращение № ${appeal.number}`),
      );
      assert.ok(answer?.text?.includes("Обследование пройдёт в мае"));
      assert.ok(!answer?.text?.includes("Первый вариант"));
      assert.deepEqual(
        answer?.attachments.map((file) => file.filename),
        ["письмо.pdf"],
        "the draft's file kept",
      );
      const page = readAppealPage((await as("galina").get(`/staff/appeals/${appeal.id}`)).body);
      assert.equal(page.state, "Дан ответ");
      assert.deepEqual(page.audit.map((line) => [line.action, line.who]).slice(-4), [
        ["Проект ответа на согласование", "ivan"],
        ["Ответ возвращён на доработку", "galina"],
        ["Проект ответа на согласование", "ivan"],
        ["Ответ утверждён и отправлен", "galina"],
      ]);
    });

    test("a note stays inside: never in the citizen's mail or on the status page", async () => {
      const appeal = await newAppeal();
      await act("galina", appeal.id, { intent: "register", version: "0", registered_on: today() });
      const noted = await act("galina", appeal.id, { intent: "note", note_text: note });
      assert.equal(noted.statusCode, 303, staffErrorIn(noted.body));
      assert.ok((await as("galina").get(`/staff/appeals/${appeal.id}`)).body.includes(note));
      await act("galina", appeal.id, {
        intent: "answer",
        version: await version(appeal.id),
        answer_text: "Ответ по существу",
      });
      const [mail] = await waitForMail((subject) =>
        subject.startsWith(`Ответ на обращение № ${appeal.number}`),
      );
      assert.ok(!mail?.text?.includes(note) && !mail?.html?.includes(note));
      const status = await site.app.inject({
        method: "POST",
        url: "/appeals/status",
        headers: {
          host: "localhost:8000",
          origin: "http://localhost:8000",
          "content-type": "application/x-www-form-urlencoded",
        },
        payload: new URLSearchParams({ number: appeal.number, email: citizen }).toString(),
      });
      assert.equal(status.statusCode, 200);
      assert.match(status.body, /Дан ответ/);
      assert.ok(!status.body.includes(note));
    });

    test("a head keeps reply templates; the answer form starts from one, placeholders filled", async () => {
      const galina = as("galina");
      await galina.get("/staff/templates");
      const saved = await galina.post("/staff/templates", {
        intent: "save-template",
        title: "Сроки обследования",
        text: "Уважаемый(ая) {firstName} {lastName}! По обращению № {number} сообщаем: {unknown}.",
      });
      assert.equal(saved.statusCode, 303, staffErrorIn(saved.body));
      const id = /name="id" value="(\d+)"/.exec((await galina.get("/staff/templates")).body)?.[1];
      assert.ok(id);
      const appeal = await newAppeal();
      await act("galina", appeal.id, { intent: "register", version: "0", registered_on: today() });
      const filled = (await galina.get(`/staff/appeals/${appeal.id}?template=${id}`)).body;
      assert.ok(
        filled.includes(
          `Уважаемый(ая) Анна Иванова! По обращению № ${appeal.number} сообщаем: {unknown}.</textarea>`,
        ),
      );
      const clash = await galina.post("/staff/templates", {
        intent: "save-template",
        title: "Сроки обследования",
        text: "x",
      });
      assert.equal(clash.statusCode, 409);
      assert.equal(
        (await as("ivan").post("/staff/templates", { intent: "delete-template", id })).statusCode,
        403,
      );
      await galina.get("/staff/templates");
      assert.equal(
        (await galina.post("/staff/templates", { intent: "delete-template", id })).statusCode,
        303,
      );
    });
  });
}
