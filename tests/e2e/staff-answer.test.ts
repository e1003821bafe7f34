// The answer sent from the registry, on SQLite and PostgreSQL, over HTTP (fastify inject) through
// the real React Router server build, with a real SMTP server: the form's multipart upload, its
// files recognised by content and kept byte for byte, the mail that carries them, the refusals
// (a renamed .exe, too many files, too many bytes) that store nothing, the preview that sends
// nothing, and, after a mail failed every try, sending it again or recording it went by post.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { answerFileLimits } from "../../domain/staff/answer-files.ts";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import { postAppealWithFiles } from "../support/appeal-files.ts";
import { querySql } from "../support/direct-sql.ts";
import { addStaffUser, storeAppealIn } from "../support/staff-fixtures.ts";
import {
  readAppealPage,
  StaffClient,
  staffErrorIn,
  staffPageHandler,
  textOf,
} from "../support/staff-test-app.ts";
import { startTestApp, type TestApp, validAppeal } from "../support/test-app.ts";
import { type TestDatabase, testDatabaseKinds } from "../support/test-databases.ts";
import {
  createTestSmtpServer,
  type TestSmtpServer,
  testMailConfig,
} from "../support/test-smtp-server.ts";

const password = "correct horse battery";
const author = "author@example.ru";
const unreachable = "nobody@refused.example.ru";
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const fixture = (name: string) => readFile(new URL(`../fixtures/${name}`, import.meta.url));
const scriptText = "<script>window.__pwned = 1</script> «Ответ» & <b>жирный</b>";

for (const kind of testDatabaseKinds) {
  describe(`the answer sent from the registry on ${kind.name}`, () => {
    let database: TestDatabase;
    let smtp: TestSmtpServer;
    let site: TestApp;
    let staff: StaffClient;
    let pdf: Buffer;
    let jpeg: Buffer;
    before(async () => {
      [pdf, jpeg] = await Promise.all([fixture("answer-letter.pdf"), fixture("answer-photo.jpg")]);
      database = await kind.create();
      smtp = await createTestSmtpServer({ onlyTo: [author] });
      site = await startTestApp({
        databaseUrl: database.url,
        pageHandler: await staffPageHandler(),
        // One try: a mail that cannot go fails at once (the retry and the post are tested).
        mail: testMailConfig(smtp, { firstWaitMs: 50, maxAttempts: 1 }),
      });
      await addStaffUser(site.data, "anna", password);
      staff = new StaffClient(site.app);
      assert.equal((await staff.signIn("anna", password)).statusCode, 302);
    });
    after(async () => {
      await site?.close();
      await smtp?.stop();
      await database?.drop();
    });

    const sql = (text: string, params: Array<string | number | null> = []) =>
      querySql(database.url, text, params);
    const today = () => kirovIsoDate(new Date());
    async function registeredAppeal(email = author, comment = "Прошу дать ответ.") {
      return storeAppealIn(
        site.data,
        new Date(Date.now() - 60_000),
        { state: "registered", registered_on: today() },
        { email, comment },
      );
    }
    /** Opens the page (its CSRF token), then posts the answer form as a browser does. */
    async function postAnswer(
      id: string,
      fields: Record<string, string>,
      files: Array<{ name: string; content: Buffer; type?: string }>,
    ) {
      await staff.get(`/staff/appeals/${id}`);
      return staff.postMultipart(
        `/staff/appeals/${id}/answer`,
        { version: "1", answer_text: "Текст", ...fields },
        files,
      );
    }
    async function storedNothing(id: string) {
      const [answers] = await sql("SELECT count(*) AS n FROM appeal_answers WHERE appeal_id = ?", [
        id,
      ]);
      const [files] = await sql("SELECT count(*) AS n FROM attachments WHERE appeal_id = ?", [id]);
      const [mails] = await sql(
        "SELECT count(*) AS n FROM deliveries WHERE appeal_id = ? AND kind = 'appeal-answer'",
        [id],
      );
      const appeal = await site.data.appeals.findInRegistry(id);
      return (
        Number(answers?.n) === 0 &&
        Number(files?.n) === 0 &&
        Number(mails?.n) === 0 &&
        appeal?.state === "registered"
      );
    }
    /** Waits until the answer's delivery is in `state` (the sender records it after SMTP took it). */
    async function answerMailReaches(id: string, state: "sent" | "failed") {
      for (let tries = 0; tries < 400; tries += 1) {
        if ((await site.data.deliveries.statusOf(id, "appeal-answer"))?.state === state) return;
        await sleep(25);
      }
      assert.fail(`the answer's mail never became ${state}`);
    }
    async function answerMailTo(number: string) {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const mail = smtp.received.find((sent) =>
          sent.subject?.startsWith(`Ответ на обращение № ${number}`),
        );
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no answer mail for ${number}`);
        await sleep(25);
      }
    }

    test("an answer with a PDF and a JPEG: stored, the appeal answered, both files mailed byte for byte", async () => {
      const appeal = await registeredAppeal(author, scriptText);
      const sent = await postAnswer(
        appeal.id,
        {
          answer_text: `Уважаемая Анна!\n\n${scriptText}`,
          outgoing_number: "12-34/567",
          intent: "answer",
        },
        [
          { name: "письмо.pdf", content: pdf, type: "application/pdf" },
          // The browser's word is not taken: the type is read from the bytes.
          { name: "поле.jpg", content: jpeg, type: "application/octet-stream" },
        ],
      );
      assert.equal(sent.statusCode, 303, staffErrorIn(sent.body) ?? sent.body.slice(0, 300));
      assert.equal(sent.headers.location, `/staff/appeals/${appeal.id}`);

      const mail = await answerMailTo(appeal.number);
      assert.deepEqual(mail.envelopeTo, [author]);
      assert.match(
        mail.subject ?? "",
        new RegExp(`^Ответ на обращение № ${appeal.number} от \\d\\d\\.\\d\\d\\.\\d{4}$`),
      );
      assert.ok(mail.text?.includes(scriptText), "the text as written");
      assert.match(mail.text ?? "", /Исх\. № 12-34\/567 от/);
      assert.ok(!mail.html?.includes("<script>"), "no markup of staff's in the HTML");
      assert.ok(mail.html?.includes("&lt;script&gt;window.__pwned = 1&lt;/script&gt;"));
      assert.deepEqual(
        mail.attachments.map((file) => [file.filename, file.mimeType]),
        [
          ["письмо.pdf", "application/pdf"],
          ["поле.jpg", "image/jpeg"],
        ],
      );
      const attached = mail.attachments.map((file) =>
        sha256(
          typeof file.content === "string"
            ? Buffer.from(file.content)
            : new Uint8Array(file.content),
        ),
      );
      assert.deepEqual(attached, [sha256(pdf), sha256(jpeg)], "the files byte for byte");

      await answerMailReaches(appeal.id, "sent");
      const page = readAppealPage((await staff.get(`/staff/appeals/${appeal.id}`)).body);
      assert.equal(page.state, "Дан ответ");
      const html = (await staff.get(`/staff/appeals/${appeal.id}`)).body;
      assert.match(html, /data-testid="answer-mail-status">отправлено/);
      assert.ok(html.includes("&lt;script&gt;window.__pwned = 1&lt;/script&gt;"));
      assert.ok(!html.includes(scriptText), "the text is escaped on the page");
      const links = [...html.matchAll(/href="(\/staff\/appeals\/[^"]+\/files\/[^"]+)"/g)].map(
        (match) => match[1] ?? "",
      );
      assert.equal(links.length, 2);
      const download = await staff.get(links[0] ?? "");
      assert.equal(download.statusCode, 200);
      assert.equal(download.headers["content-type"], "application/pdf");
      assert.match(String(download.headers["content-disposition"]), /^attachment; filename=/);
      assert.match(String(download.headers["content-disposition"]), /filename\*=UTF-8''%D0%BF/);
      assert.equal(download.headers["x-content-type-options"], "nosniff");
      assert.match(String(download.headers["content-security-policy"]), /^sandbox/);
      assert.equal(sha256(download.rawPayload), sha256(pdf));
      // A file of one appeal is not reached through another's address.
      const other = await registeredAppeal();
      const elsewhere = await staff.get(links[0]?.replace(appeal.id, other.id) ?? "");
      assert.equal(elsewhere.statusCode, 404);
      // Without a session, no file.
      const stranger = await new StaffClient(site.app).get(links[0] ?? "");
      assert.equal(stranger.statusCode, 303);
    });

    test("a citizen's files sent with the appeal: listed with names and sizes, downloaded safely by staff only", async () => {
      const posted = await postAppealWithFiles(
        site.app,
        validAppeal({ email: "citizen.files@example.ru" }),
        [
          { name: "Анализ почвы.pdf", content: pdf },
          { name: "поле.jpg", content: jpeg },
        ],
      );
      assert.equal(posted.statusCode, 201, posted.body);
      const { id } = posted.json();
      const html = (await staff.get(`/staff/appeals/${id}`)).body;
      const listed = /data-testid="appeal-files"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? "";
      assert.match(
        textOf(listed),
        /Анализ почвы\.pdf \(PDF, \d+ КБ\)\s*поле\.jpg \(JPEG, \d+ КБ\)/,
      );
      const links = [...listed.matchAll(/href="(\/staff\/appeals\/[^"]+\/files\/[^"]+)"/g)].map(
        (match) => match[1] ?? "",
      );
      const downloads = await Promise.all(links.map((link) => staff.get(link)));
      assert.deepEqual(
        downloads.map((download) => [
          download.statusCode,
          download.headers["content-type"],
          download.headers["x-content-type-options"],
          /^sandbox/.test(String(download.headers["content-security-policy"])),
          /^attachment; filename=/.test(String(download.headers["content-disposition"])),
          sha256(download.rawPayload),
        ]),
        [
          [200, "application/pdf", "nosniff", true, true, sha256(pdf)],
          [200, "image/jpeg", "nosniff", true, true, sha256(jpeg)],
        ],
      );
      // Never from the public site: without a staff session, no file.
      const stranger = await new StaffClient(site.app).get(links[0] ?? "");
      assert.equal(stranger.statusCode, 303);
    });

    test("an .exe named .pdf is refused with a clear message, and nothing is stored", async () => {
      const appeal = await registeredAppeal();
      const exe = Buffer.concat([
        Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"),
        Buffer.alloc(512, 1),
      ]);
      const refused = await postAnswer(
        appeal.id,
        { answer_text: "Ответ, который нужно сохранить в форме", intent: "answer" },
        [{ name: "договор.pdf", content: exe, type: "application/pdf" }],
      );
      assert.equal(refused.statusCode, 415);
      assert.equal(
        staffErrorIn(refused.body),
        "Файл «договор.pdf» не принят: по содержимому это не PDF, DOCX, ODT, JPEG или PNG. Приложите документ в одном из этих форматов.",
      );
      assert.match(refused.body, />Ответ, который нужно сохранить в форме<\/textarea>/);
      assert.ok(await storedNothing(appeal.id));
    });

    test("more than 5 files, or more than 10 MB together, are refused while they stream in", async () => {
      const appeal = await registeredAppeal();
      const six = Array.from({ length: answerFileLimits.maxFiles + 1 }, (_, index) => ({
        name: `фото-${index}.jpg`,
        content: jpeg,
      }));
      const tooMany = await postAnswer(appeal.id, { intent: "answer" }, six);
      assert.equal(tooMany.statusCode, 413);
      assert.equal(staffErrorIn(tooMany.body), "Можно приложить не более 5 файлов.");
      const big = Buffer.concat([pdf, Buffer.alloc(6 * 1024 * 1024)]);
      const tooLarge = await postAnswer(appeal.id, { intent: "answer" }, [
        { name: "a.pdf", content: big },
        { name: "b.pdf", content: big },
      ]);
      assert.equal(tooLarge.statusCode, 413);
      assert.equal(staffErrorIn(tooLarge.body), "Файлы вместе — не более 10 МБ.");
      assert.equal(tooLarge.headers.connection, "close", "the rest of the upload is not read");
      assert.ok(await storedNothing(appeal.id));
    });

    test("the preview shows the mail and sends nothing; a form without a token is refused", async () => {
      const appeal = await registeredAppeal();
      const preview = await postAnswer(
        appeal.id,
        { answer_text: "Проект ответа", outgoing_number: "5", intent: "answer-preview" },
        [{ name: "письмо.pdf", content: pdf }],
      );
      assert.equal(preview.statusCode, 200);
      assert.equal(
        textOf(/data-testid="preview-subject">([\s\S]*?)<\/dd>/.exec(preview.body)?.[1] ?? ""),
        (/Ответ на обращение № [^<]+/.exec(preview.body)?.[0] ?? "").trim(),
      );
      assert.match(preview.body, /Проект ответа/);
      assert.match(preview.body, /письмо\.pdf \(PDF, 22 КБ\)/);
      assert.ok(await storedNothing(appeal.id));

      await staff.get(`/staff/appeals/${appeal.id}`);
      const forged = await staff.postMultipart(
        `/staff/appeals/${appeal.id}/answer`,
        { version: "1", answer_text: "x", intent: "answer" },
        [],
        { csrf: false },
      );
      assert.equal(forged.statusCode, 403);
      assert.ok(await storedNothing(appeal.id));
    });

    test("a mail that failed every try: sent again, or recorded as gone by post", async () => {
      const appeal = await registeredAppeal(unreachable);
      await smtp.stop();
      try {
        const sent = await postAnswer(appeal.id, { intent: "answer" }, [
          { name: "письмо.pdf", content: pdf },
        ]);
        assert.equal(sent.statusCode, 303);
        await answerMailReaches(appeal.id, "failed");
        let html = (await staff.get(`/staff/appeals/${appeal.id}`)).body;
        assert.match(html, /data-testid="answer-mail-status">не доставлено: попытки исчерпаны/);
        assert.match(html, /Отправить ответ ещё раз/);

        const early = await staff.post(`/staff/appeals/${appeal.id}`, {
          intent: "answer-by-post",
          posted_on: "2000-01-01",
          post_address: "610000, г. Киров, ул. Ленина, д. 1",
        });
        assert.equal(early.statusCode, 400);
        const byPost = await staff.post(`/staff/appeals/${appeal.id}`, {
          intent: "answer-by-post",
          posted_on: today(),
          post_address: "610000, г. Киров, ул. Ленина, д. 1",
        });
        assert.equal(byPost.statusCode, 303, staffErrorIn(byPost.body));
        html = (await staff.get(`/staff/appeals/${appeal.id}`)).body;
        assert.match(
          html,
          /data-testid="answer-by-post">[\s\S]*610000, г\. Киров, ул\. Ленина, д\. 1/,
        );
        assert.doesNotMatch(html, /Отправить ответ ещё раз/);
        const audit = await site.data.audit.of(appeal.id);
        assert.deepEqual(
          audit.map((entry) => entry.action),
          ["answer", "answer-by-post"],
        );
      } finally {
        await smtp.start();
      }

      const second = await registeredAppeal(unreachable);
      await smtp.stop();
      try {
        await postAnswer(second.id, { intent: "answer" }, []);
        await answerMailReaches(second.id, "failed");
      } finally {
        await smtp.start();
      }
      const retried = await staff.post(`/staff/appeals/${second.id}`, { intent: "retry-answer" });
      assert.equal(retried.statusCode, 303, staffErrorIn(retried.body));
      for (let tries = 0; tries < 400; tries += 1) {
        const status = await site.data.deliveries.statusOf(second.id, "appeal-answer");
        if (status?.state === "sent") break;
        await sleep(25);
      }
      assert.equal(
        (await site.data.deliveries.statusOf(second.id, "appeal-answer"))?.state,
        "sent",
      );
    });
  });
}
