// The citizen's acknowledgement on both stores with a real SMTP server: one per appeal, with the
// number and the next steps but nothing the sender typed; at most 5 a day to one address, the
// rest of the appeals stored with the reason their acknowledgement was withheld.
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { defaultContacts } from "../../content/contacts.ts";
import { acknowledgementLimit } from "../../domain/appeals/acknowledgement-cap.ts";
import { postAppealWithFiles, sampleJpeg, samplePdf } from "../../tests/support/appeal-files.ts";
import {
  postAppeal,
  startTestApp,
  type TestApp,
  validAppeal,
} from "../../tests/support/test-app.ts";
import { type TestDatabase, testDatabaseKinds } from "../../tests/support/test-databases.ts";
import {
  createTestSmtpServer,
  type TestSmtpServer,
  testMailConfig,
} from "../../tests/support/test-smtp-server.ts";
import { createDeliveryComposer } from "./delivery-mails.ts";

const citizen = "anna.maria@example.ru";

const mailConfig = testMailConfig;

const submit = postAppeal;

for (const kind of testDatabaseKinds) {
  describe(`${kind.name}: the citizen's acknowledgement`, () => {
    let database: TestDatabase;
    let smtp: TestSmtpServer;
    let site: TestApp;
    beforeEach(async () => {
      database = await kind.create();
      smtp = await createTestSmtpServer({
        onlyTo: [citizen, "other@example.ru"],
      });
      site = await startTestApp({ databaseUrl: database.url, mail: mailConfig(smtp) });
    });
    afterEach(async () => {
      await site?.close();
      await smtp?.stop();
      await database?.drop();
    });

    test("one appeal: one mail to its address with the number and the next steps, none of the text typed", async () => {
      const comment = "Секретный текст <script>alert(1)</script> для постороннего";
      const stored = await submit(site, { comment });
      assert.equal(stored.acknowledged, true);
      const [mail] = await smtp.waitForMail(1);
      assert.ok(mail);
      assert.deepEqual(mail.envelopeTo, [citizen]);
      assert.equal(mail.subject, `Обращение № ${stored.number} получено`);
      assert.match(
        mail.messageId ?? "",
        new RegExp(`^<acknowledgement-${stored.id}@example\\.ru>$`),
      );
      const statusLink = `http://localhost:8000/appeals/status?number=${encodeURIComponent(stored.number)}`;
      for (const body of [mail.text ?? "", mail.html ?? ""]) {
        assert.ok(body.includes(stored.number), "the number");
        assert.match(body, /зарегистрировано в течение 3 дней/);
        assert.match(body, /ответ будет дан в течение 30 дней со дня регистрации/);
        assert.match(body, /по кировскому времени/);
        assert.match(body, /Телефон: \(8332\)/);
        for (const typed of [
          "Секретный",
          "script",
          "Анна",
          "Д’Артаньян",
          "345-67-89",
          "Кировская",
        ]) {
          assert.ok(!body.includes(typed), `the mail repeats what was typed: ${typed}`);
        }
      }
      assert.ok(mail.text?.includes(statusLink), mail.text);
      assert.ok(mail.html?.includes(`href="${statusLink.replaceAll("&", "&amp;")}"`), mail.html);
      await sleep(300);
      assert.equal(smtp.received.length, 1, "sent once");
    });

    test("an appeal with files: the citizen is told how many (never their names); the handlers get names, sizes and the appeal's page, no file", async () => {
      const posted = await postAppealWithFiles(site.app, validAppeal(), [
        { name: "Анализ почвы.pdf", content: samplePdf },
        { name: "поле.jpg", content: sampleJpeg },
      ]);
      assert.equal(posted.statusCode, 201, posted.body);
      const { id } = posted.json();
      const [acknowledgement] = await smtp.waitForMail(1);
      assert.ok(acknowledgement);
      for (const body of [acknowledgement.text ?? "", acknowledgement.html ?? ""]) {
        assert.match(body, /Вместе с ним получено файлов: 2\./);
        assert.ok(!body.includes("Анализ"), "no file's name to the address typed");
      }
      assert.equal(acknowledgement.attachments.length, 0);
      // The handlers' mail as the sender builds it (this SMTP server keeps the citizen's only).
      const compose = createDeliveryComposer({
        data: site.data,
        handlers: ["priemnaya@example.ru"],
        mailer: { domain: "example.ru" },
        siteUrl: "http://localhost:8000",
        contacts: () => defaultContacts,
      });
      const { mail } = await compose({
        id: "notification",
        kind: "appeal-notification",
        appealId: id,
        recipients: [{ group: "handlers" }],
        payload: {},
        attachments: [],
        attempts: 1,
      });
      const page = `http://localhost:8000/staff/appeals/${id}`;
      assert.ok(
        mail.text.includes(
          `Файлы гражданина (2):\n— Анализ почвы.pdf (1 КБ)\n— поле.jpg (1 КБ)\nФайлы к письму не приложены: скачайте их на странице обращения ${page}`,
        ),
        mail.text,
      );
      assert.ok(mail.html.includes(`href="${page}"`), mail.html);
      assert.equal(mail.attachments, undefined, "no file goes with the mail");
    });

    test(`${acknowledgementLimit.perAddress + 1} appeals with one address in a day: ${acknowledgementLimit.perAddress} acknowledgements, every appeal stored, the withheld one recorded`, async () => {
      const answers = [];
      for (let index = 0; index <= acknowledgementLimit.perAddress; index += 1) {
        // The address compared without regard to case.
        const email = index % 2 === 0 ? citizen : "Anna.Maria@Example.RU";
        answers.push(await submit(site, { email, comment: `Обращение ${index}` }));
      }
      assert.deepEqual(
        answers.map((answer) => answer.acknowledged),
        [true, true, true, true, true, false],
      );
      await smtp.waitForMail(acknowledgementLimit.perAddress);
      // Another address is not held up by the first one's limit.
      await submit(site, { email: "other@example.ru" });
      await smtp.waitForMail(acknowledgementLimit.perAddress + 1);
      await sleep(500);
      assert.equal(smtp.received.length, acknowledgementLimit.perAddress + 1);
      assert.equal((await site.data.appeals.list()).length, acknowledgementLimit.perAddress + 2);

      const withheld = answers.at(-1)?.id ?? "";
      const audit = await site.data.audit.of(withheld);
      assert.deepEqual(
        audit.map((entry) => [entry.staff_login, entry.action]),
        [["сайт", "acknowledgement-withheld"]],
      );
      assert.match(
        audit[0]?.details ?? "",
        /в этот день \(по кировскому времени\) уже отправлено 5 подтверждений/,
      );
      assert.equal(
        await site.data.deliveries.statusOf(withheld, "appeal-acknowledgement"),
        undefined,
      );
    });

    test("appeals with one address arriving together still get at most 5 acknowledgements", async () => {
      const answers = await Promise.all(
        Array.from({ length: 9 }, (_, index) => submit(site, { comment: `Одновременно ${index}` })),
      );
      assert.equal(answers.filter((answer) => answer.acknowledged).length, 5);
      await smtp.waitForMail(5);
      await sleep(500);
      assert.equal(smtp.received.length, 5);
    });
  });
}
