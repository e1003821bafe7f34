// The registry's side of the mailbox (issue 46) on both stores, with the real outbox sending to a
// test SMTP server: every mail leaves with the VERP envelope sender naming its delivery and its
// Message-ID recorded as sent; a DSN to an answer's VERP address makes it «не доставлено» with
// the reason and a line in the history, a temporary one found by the Message-ID alone is noted
// and not final; a reply with a PDF becomes a linked follow-up with the PDF byte for byte and one
// acknowledgement (the same message again: nothing more); a refused .exe is listed; a text too
// long for the form is kept whole as «письмо.txt»; an auto-reply only counts; an unknown sender's
// message waits with its bytes; an unreadable one waits with its reason, never a throw.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import MailComposer from "nodemailer/lib/mail-composer";
import { defaultContacts } from "../../../content/contacts.ts";
import { kirovIsoDate } from "../../../domain/time/kirov-time.ts";
import { sampleExecutable, samplePdf } from "../../../tests/support/appeal-files.ts";
import { sampleNewAppeal } from "../../../tests/support/test-appeal.ts";
import { type TestDatabase, testDatabaseKinds } from "../../../tests/support/test-databases.ts";
import { silentLog } from "../../../tests/support/test-delivery-sender.ts";
import {
  createTestSmtpServer,
  type TestSmtpServer,
} from "../../../tests/support/test-smtp-server.ts";
import { waitUntil } from "../../../tests/support/wait-until.ts";
import { storeAppeal } from "../../appeals/store-appeal.ts";
import { loadConfig, parseDatabaseUrl } from "../../config.ts";
import { type DataLayer, openDataLayer } from "../../db/data-layer.ts";
import { createDeliveryComposer, sendComposed } from "../delivery-mails.ts";
import { type DeliverySender, startDeliverySender } from "../delivery-sender.ts";
import { createMailer, type Mailer } from "../mailer.ts";
import { letterFileName } from "./follow-up.ts";
import type { InboundLimits, ProcessInbound } from "./inbound-types.ts";
import { createProcessInbound } from "./process-inbound.ts";

const returnPath = "bounces@agrochem.example";
const mailFrom = "Агрохимслужба <priemnaya@agrochem.example>";
const citizen = "Ivan.Petrov@example.ru";
const limits: InboundLimits = {
  maxMessageBytes: 256 * 1024,
  maxNestingDepth: 20,
  maxAttachments: 10,
};
const fixture = (name: string) => readFileSync(join(import.meta.dirname, "fixtures", name), "utf8");
/** A PDF with bytes that are no text: kept byte for byte or not at all. */
const pdf = Buffer.concat([samplePdf, Buffer.from([0xe2, 0xe3, 0xcf, 0xd3, 0x00, 0x0a])]);

/** A message as a mail program writes it. */
function composed(options: ConstructorParameters<typeof MailComposer>[0]): Promise<Buffer> {
  return new MailComposer({ date: new Date(), ...options }).compile().build();
}

test("MAIL_RETURN_PATH: one bare address into the mail settings; anything else stops the start", () => {
  const smtp = {
    SMTP_URL: "smtp://127.0.0.1:25",
    APPEALS_NOTIFY_TO: "a@x.ru",
    MAIL_FROM: mailFrom,
  };
  assert.equal(
    loadConfig({ ...smtp, MAIL_RETURN_PATH: ` ${returnPath} ` }).mail.returnPath,
    returnPath,
  );
  assert.equal("returnPath" in loadConfig(smtp).mail, false);
  for (const wrong of ["Возвраты <bounces@x.ru>", "bounces+1@x.ru", "bounces", "a@x.ru, b@x.ru"]) {
    assert.throws(() => loadConfig({ ...smtp, MAIL_RETURN_PATH: wrong }), /MAIL_RETURN_PATH=/);
  }
});

for (const kind of testDatabaseKinds) {
  describe(`${kind.name}: the mailbox read into the registry`, () => {
    let database: TestDatabase;
    let data: DataLayer;
    let smtp: TestSmtpServer;
    let mailer: Mailer;
    let sender: DeliverySender;
    let processInbound: ProcessInbound;
    let appeal: { id: string; number: string };
    let answerId: string;
    /** The deliveries of `appealId` as recorded: id, kind, state, the Message-ID it left with. */
    const deliveriesOf = async (appealId: string) =>
      data.transaction((tx) =>
        tx.all(
          "SELECT id, kind, state, message_id FROM deliveries WHERE appeal_id = ? ORDER BY id",
          [appealId],
        ),
      );
    const auditOf = async (appealId: string) =>
      (await data.audit.of(appealId)).map((entry) => entry.details ?? "");
    const appealCount = async () => (await data.appeals.list()).length;
    const read = (raw: Buffer) => processInbound(raw, new Date());

    before(async () => {
      database = await kind.create();
      data = await openDataLayer(parseDatabaseUrl(database.url));
      smtp = await createTestSmtpServer();
      mailer = createMailer({ from: mailFrom, smtpUrl: smtp.url, connections: 2, returnPath });
      const compose = createDeliveryComposer({
        data,
        handlers: ["handlers@agrochem.example"],
        mailer,
        siteUrl: "https://agrochem.example",
        contacts: () => defaultContacts,
      });
      sender = startDeliverySender({
        deliveries: data.deliveries,
        send: sendComposed(compose, mailer),
        retry: { firstWaitMs: 50, maxAttempts: 3 },
        leaseMs: 60_000,
        concurrency: 2,
        log: silentLog,
        pollIntervalMs: 50,
      });
      processInbound = createProcessInbound({
        data,
        limits,
        returnPath,
        onStored: () => sender.wake(),
      });
      const now = new Date();
      appeal = await storeAppeal(data, sampleNewAppeal(now.toISOString(), { email: citizen }));
      answerId = await data.transaction(async (tx) => {
        const id = await data.answers.insert(
          {
            appealId: appeal.id,
            text: "Ответ по существу обращения.",
            outgoingNumber: "01-05/17",
            staffLogin: "head",
            createdAt: now,
            answeredOn: kirovIsoDate(now),
          },
          tx,
        );
        assert.ok(id);
        await data.deliveries.enqueue(
          {
            kind: "appeal-answer",
            appealId: appeal.id,
            recipients: [{ address: citizen }],
            payload: { answer: id },
            at: now,
          },
          tx,
        );
        return id;
      });
      await smtp.waitForMail(3);
      await waitUntil(
        "the three mails recorded sent",
        async () => (await deliveriesOf(appeal.id)).every((row) => row.state === "sent"),
        10_000,
      );
    });
    after(async () => {
      await sender?.stop();
      mailer?.close();
      await smtp?.stop();
      await data?.close();
      await database?.drop();
    });

    test("every mail leaves with the VERP envelope sender of its delivery and its Message-ID recorded", async () => {
      const rows = await deliveriesOf(appeal.id);
      assert.deepEqual(
        rows.map((row) => row.kind),
        ["appeal-notification", "appeal-acknowledgement", "appeal-answer"],
      );
      for (const row of rows) {
        const mail = smtp.received.find((received) => received.messageId === row.message_id);
        assert.ok(mail, `the mail of ${row.kind} arrived with the Message-ID recorded`);
        assert.equal(mail.envelopeFrom, `bounces+${row.id}@agrochem.example`);
        assert.equal(mail.from?.address, "priemnaya@agrochem.example", "From stays MAIL_FROM");
      }
      const answer = rows.find((row) => row.kind === "appeal-answer");
      assert.equal(answer?.message_id, `<answer-${answerId}@agrochem.example>`);
    });

    test("a DSN to the answer's VERP address: «не доставлено», «нет такого адреса», a line in the history; once", async () => {
      const answer = (await deliveriesOf(appeal.id)).find((row) => row.kind === "appeal-answer");
      // The returned headers name a Message-ID of nobody's: the VERP address alone finds it.
      const dsn = Buffer.from(
        fixture("postfix-dsn-user-unknown.eml")
          .replaceAll("bounces+42@example.ru", `bounces+${answer?.id}@agrochem.example`)
          .replace(/<answer-[^>]+>/, "<somebody-else@mail.example>"),
      );
      assert.equal(await read(dsn), "bounce");
      const status = await data.deliveries.statusOf(appeal.id, "appeal-answer");
      assert.equal(status?.bounce?.permanent, true);
      assert.equal(status?.bounce?.reason, "нет такого адреса");
      assert.equal(status?.bounce?.status, "5.1.1");
      const bounced = (await auditOf(appeal.id)).filter((line) =>
        line.startsWith("письмо не доставлено: нет такого адреса"),
      );
      assert.equal(bounced.length, 1);
      assert.equal(await data.inbound.undeliveredAnswers(), 1);
      assert.equal(await read(dsn), "already-read");
      assert.equal(
        (await auditOf(appeal.id)).filter((line) => line.includes("не доставлено")).length,
        1,
      );
      const view = await data.deliveries.ofAppeal(appeal.id, ["appeal-answer"]);
      assert.equal(view[0]?.bounce?.reason, "нет такого адреса");
    });

    test("a 4.x.x report found by its Message-ID alone is noted, not final; no line in the history", async () => {
      const rows = await deliveriesOf(appeal.id);
      const acknowledgement = rows.find((row) => row.kind === "appeal-acknowledgement");
      const dsn = Buffer.from(
        fixture("dsn-delayed.eml")
          .replaceAll("bounces+47@example.ru", returnPath)
          .replace(/<answer-[^>]+>/, String(acknowledgement?.message_id)),
      );
      const before = await auditOf(appeal.id);
      assert.equal(await read(dsn), "transient-bounce");
      const status = await data.deliveries.statusOf(appeal.id, "appeal-acknowledgement");
      assert.equal(status?.bounce?.permanent, false);
      assert.deepEqual(await auditOf(appeal.id), before);
    });

    test("a reply to the answer with a PDF: a follow-up with the PDF byte for byte, acknowledged once", async () => {
      const appealsBefore = await appealCount();
      const reply = await composed({
        from: `Иван Петров <${citizen.toLowerCase()}>`,
        to: "priemnaya@agrochem.example",
        subject: `Re: Ответ на обращение ${appeal.number}`,
        inReplyTo: `<answer-${answerId}@agrochem.example>`,
        references: [`<answer-${answerId}@agrochem.example>`],
        text: "Спасибо за ответ. Прилагаю акт обследования поля.\n\n> цитата ответа",
        attachments: [{ filename: "акт.pdf", content: pdf, contentType: "application/pdf" }],
      });
      assert.equal(await read(reply), "follow-up");
      assert.equal(await appealCount(), appealsBefore + 1);
      const [followUp] = await data.transaction((tx) =>
        tx.all(
          "SELECT id, number, follow_up_of, channel, email FROM appeals WHERE follow_up_of = ?",
          [appeal.number],
        ),
      );
      assert.ok(followUp);
      assert.deepEqual([followUp.channel, followUp.email], ["mail", citizen]);
      const stored = await data.appeals.findInRegistry(String(followUp.id));
      assert.equal(stored?.follow_up_of, appeal.number);
      assert.match(stored?.comment ?? "", /^Спасибо за ответ\. Прилагаю акт/);
      assert.match(stored?.consent_text_version ?? "", /письмом/);
      const files = await data.attachments.listOf({ kind: "appeal", id: String(followUp.id) });
      assert.deepEqual(
        files.map((file) => [file.fileName, file.mediaType]),
        [["акт.pdf", "application/pdf"]],
      );
      const kept = await data.attachments.read(String(followUp.id), files[0]?.id ?? "");
      assert.equal(Buffer.compare(Buffer.from(kept?.content ?? []), pdf), 0, "byte for byte");
      assert.ok(
        (await auditOf(String(followUp.id))).includes(
          `Повторное обращение к ${appeal.number}: поступило письмом`,
        ),
      );
      assert.ok((await auditOf(appeal.id)).includes(`повторное обращение ${followUp.number}`));
      const acknowledgements = async () =>
        (await deliveriesOf(String(followUp.id))).filter(
          (row) => row.kind === "appeal-acknowledgement",
        ).length;
      assert.equal(await acknowledgements(), 1);
      assert.equal(await read(reply), "already-read");
      assert.equal(await appealCount(), appealsBefore + 1);
      assert.equal(await acknowledgements(), 1);
      // The outbox, woken, mails the acknowledgement of the follow-up to the first's author.
      const mail = await waitUntil(
        "the follow-up's acknowledgement",
        () =>
          smtp.received.find(
            (received) =>
              received.messageId === `<acknowledgement-${followUp.id}@agrochem.example>`,
          ),
        10_000,
      );
      assert.deepEqual(mail.envelopeTo, [citizen]);
    });

    test("a reply naming the number from the author's address with an .exe: the file refused and listed", async () => {
      const reply = await composed({
        from: citizen.toUpperCase(),
        to: "priemnaya@agrochem.example",
        subject: `Дополнение к обращению ${appeal.number}`,
        text: "Дополняю обращение.",
        attachments: [
          { filename: "программа.exe", content: sampleExecutable },
          { filename: "скан.pdf", content: pdf },
        ],
      });
      assert.equal(await read(reply), "follow-up");
      const [followUp] = await data.transaction((tx) =>
        tx.all("SELECT id FROM appeals WHERE follow_up_of = ? ORDER BY seq DESC LIMIT 1", [
          appeal.number,
        ]),
      );
      const id = String(followUp?.id);
      const files = await data.attachments.listOf({ kind: "appeal", id });
      assert.deepEqual(
        files.map((file) => file.fileName),
        ["скан.pdf"],
      );
      assert.ok(
        (await auditOf(id)).includes(
          "не приняты файлы: программа.exe (по содержимому это не документ принимаемого формата)",
        ),
      );
      // The same subject from another address is no follow-up: it waits for a registrar.
      const stranger = await composed({
        from: "someone@example.com",
        to: "priemnaya@agrochem.example",
        subject: `Дополнение к обращению ${appeal.number}`,
        text: "Чужое письмо.",
      });
      assert.equal(await read(stranger), "waiting");
    });

    test("a text longer than the form's field is kept whole as «письмо.txt»", async () => {
      const text = `Начало.\n${"Очень длинное письмо. ".repeat(400)}\nКонец.`;
      const reply = await composed({
        from: citizen,
        to: "priemnaya@agrochem.example",
        subject: "Re: ответ",
        inReplyTo: `<answer-${answerId}@agrochem.example>`,
        text,
      });
      assert.equal(await read(reply), "follow-up");
      const [followUp] = await data.transaction((tx) =>
        tx.all("SELECT id, comment FROM appeals ORDER BY seq DESC LIMIT 1"),
      );
      const id = String(followUp?.id);
      assert.match(String(followUp?.comment), /целиком в приложенном файле «письмо\.txt»/);
      const [file] = await data.attachments.listOf({ kind: "appeal", id });
      assert.equal(file?.fileName, letterFileName);
      const kept = await data.attachments.read(id, file?.id ?? "");
      assert.equal(Buffer.from(kept?.content ?? []).toString("utf8"), text.trim());
    });

    test("an auto-reply changes nothing but the count", async () => {
      const [appeals, waiting, autoReplies] = [
        await appealCount(),
        await data.inbound.waitingCount(),
        await data.inbound.autoReplyCount(),
      ];
      const outOfOffice = Buffer.from(fixture("out-of-office-auto-submitted.eml"));
      assert.equal(await read(outOfOffice), "auto-reply");
      assert.equal(await read(outOfOffice), "already-read");
      assert.deepEqual(
        [
          await appealCount(),
          await data.inbound.waitingCount(),
          await data.inbound.autoReplyCount(),
        ],
        [appeals, waiting, autoReplies + 1],
      );
      const [row] = await data.transaction((tx) =>
        tx.all("SELECT from_address, subject, raw FROM inbound_messages WHERE kind = 'auto-reply'"),
      );
      assert.deepEqual([row?.from_address, row?.subject, row?.raw], [null, null, null]);
    });

    test("an unknown sender's message waits with its bytes; a bounce for nothing waits too", async () => {
      const message = await composed({
        from: "Незнакомец <stranger@example.com>",
        to: "priemnaya@agrochem.example",
        subject: "Вопрос о почве",
        text: "Здравствуйте, как сдать пробу?",
      });
      const waitingBefore = await data.inbound.waitingCount();
      assert.equal(await read(message), "waiting");
      const listed = (await data.inbound.waiting()).find(
        (entry) => entry.subject === "Вопрос о почве",
      );
      assert.equal(listed?.from, "stranger@example.com");
      const opened = await data.inbound.waitingMessage(listed?.id ?? 0);
      assert.equal(Buffer.compare(opened?.raw ?? Buffer.alloc(0), message), 0, "byte for byte");
      const nobodys = Buffer.from(
        fixture("postfix-dsn-user-unknown.eml").replaceAll("bounces+42@example.ru", returnPath),
      );
      assert.equal(await read(nobodys), "waiting");
      assert.equal(await data.inbound.waitingCount(), waitingBefore + 2);
    });

    test("an unreadable message waits with its reason, and over the size cap without its bytes", async () => {
      let nested = "Content-Type: text/plain\r\n\r\nдно\r\n";
      for (let depth = 0; depth < 25; depth += 1) {
        nested = `Content-Type: multipart/mixed; boundary="b${depth}"\r\n\r\n--b${depth}\r\n${nested}--b${depth}--\r\n`;
      }
      const deep = Buffer.from(`From: x@mail.example\r\nSubject: глубоко\r\n${nested}`);
      const huge = Buffer.concat([
        Buffer.from("From: x@mail.example\r\nSubject: большое\r\n\r\n"),
        Buffer.alloc(limits.maxMessageBytes, 0x61),
      ]);
      assert.equal(await read(deep), "unreadable");
      assert.equal(await read(huge), "unreadable");
      const rows = await data.transaction((tx) =>
        tx.all(
          "SELECT reason, raw, byte_size FROM inbound_messages WHERE kind = 'unreadable' ORDER BY id",
        ),
      );
      assert.equal(rows.length, 2);
      assert.match(String(rows[0]?.reason), /вложены глубже/);
      assert.ok(rows[0]?.raw, "the nested one is kept");
      assert.match(String(rows[1]?.reason), /письмо больше/);
      assert.equal(rows[1]?.raw, null, "the huge one is not");
      assert.equal(Number(rows[1]?.byte_size), huge.length);
    });
  });
}
