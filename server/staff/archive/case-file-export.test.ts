// The case file exported whole (issue 45), on both stores: a case received with two files (a PDF
// and an image, bytes that are not UTF-8, the image under a hostile name), registered and
// answered with a file through the real registry service, its mails sent by the real outbox and
// nodemailer to a real SMTP server that keeps the bytes it received. The ZIP, read back with
// fflate, holds every file byte for byte as stored and every mail to the author byte for byte as
// the SMTP server received it; a mail sent before copies were kept is restored and says so; the
// copies go with their appeal; a year's export lists its cases in the inventory.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { unzipSync } from "fflate";
import { SMTPServer } from "smtp-server";
import { defaultContacts } from "../../../content/contacts.ts";
import { emailKey } from "../../../domain/appeals/email-key.ts";
import { querySql, runSql } from "../../../tests/support/direct-sql.ts";
import { sampleNewAppeal } from "../../../tests/support/test-appeal.ts";
import { type TestDatabase, testDatabaseKinds } from "../../../tests/support/test-databases.ts";
import { startTestDeliverySender } from "../../../tests/support/test-delivery-sender.ts";
import { freePort } from "../../../tests/support/test-smtp-server.ts";
import { parseDatabaseUrl } from "../../config.ts";
import { type DataLayer, openDataLayer } from "../../db/data-layer.ts";
import { restoredMailNote } from "../../mail/restored-mail.ts";
import { createRegistryService } from "../registry/registry-service.ts";
import { createCaseFileExport } from "./case-file-export.ts";

const citizen = "ivan@example.ru";
const head = { login: "anna", role: "head" } as const;
// A PDF and a JPEG whose bytes are no text: a re-encoding anywhere would change them.
const pdf = Buffer.concat([
  Buffer.from("%PDF-1.4\n"),
  Buffer.from([0xff, 0xfe, 0x00, 0x80, 0xc3, 0x28, 0x0d, 0x0a, 0x2e, 0x0d, 0x0a]),
  Buffer.from("\n%%EOF\n"),
]);
const jpeg = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  Buffer.from(Array.from({ length: 256 }, (_, index) => index)),
  Buffer.from([0xff, 0xd9]),
]);
const letter = Buffer.concat([
  Buffer.from("%PDF-1.7\n"),
  Buffer.from([0x80, 0x81, 0xfe]),
  Buffer.from("\n%%EOF\n"),
]);
const hostileName = "../../..\\..\\etc/фото:*?.jpg";

/** An SMTP server that keeps each message's bytes exactly as received, by Message-ID. */
async function rawSmtpServer() {
  const port = await freePort();
  const received = new Map<string, Buffer>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        const id = /^Message-ID:\s+(<[^>]+>)/im.exec(raw.toString("latin1"))?.[1] ?? "";
        received.set(id, raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function collect(stream: NodeJS.ReadableStream): Promise<Record<string, Uint8Array>> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return unzipSync(new Uint8Array(Buffer.concat(chunks)));
}

const same = (actual: Uint8Array | undefined, expected: Buffer, what: string) => {
  assert.ok(actual, `${what} is in the ZIP`);
  assert.equal(Buffer.compare(Buffer.from(actual), expected), 0, `${what}: byte for byte`);
};
const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

for (const kind of testDatabaseKinds) {
  describe(`the case file on ${kind.name}`, () => {
    let database: TestDatabase;
    let data: DataLayer;
    let smtp: Awaited<ReturnType<typeof rawSmtpServer>>;
    let appealId = "";
    let number = "";
    const exporter = () =>
      createCaseFileExport({
        data,
        registry: createRegistryService({ data }),
        siteUrl: "https://agrochem.example",
        contacts: () => defaultContacts,
        mailFrom: "site@example.ru",
        now: () => new Date("2027-02-01T09:00:00Z"),
      });

    before(async () => {
      database = await kind.create();
      data = await openDataLayer(parseDatabaseUrl(database.url));
      smtp = await rawSmtpServer();
      const stored = await data.appealIntake.store({
        appeal: sampleNewAppeal("2026-03-02T08:00:00Z", { comment: "Прошу ответить." }),
        notification: { kind: "appeal-notification", recipients: [{ group: "handlers" }] },
        acknowledgement: { kind: "appeal-acknowledgement", recipients: [{ address: citizen }] },
        emailKey: emailKey(citizen),
        count: { day: "2026-03-02", limit: 10 },
        files: [
          { fileName: "акт.pdf", mediaType: "application/pdf", content: pdf },
          { fileName: hostileName, mediaType: "image/jpeg", content: jpeg },
        ],
      });
      appealId = stored.id;
      number = stored.number;
      const registry = createRegistryService({ data, now: () => new Date("2026-03-03T09:00:00Z") });
      const register = { intent: "register", version: 0, registered_on: "2026-03-03" } as const;
      assert.deepEqual(await registry.changeAppeal(head, appealId, register), { ok: true });
      const answer = {
        intent: "answer",
        version: 1,
        answer_text: "Ответ по существу.",
        outgoing_number: "01-15/7",
      } as const;
      const letterFile = { fileName: "ответ.pdf", mediaType: "application/pdf", content: letter };
      assert.deepEqual(await registry.changeAppeal(head, appealId, answer, [letterFile]), {
        ok: true,
      });
      const sender = startTestDeliverySender(data, smtp.url, {
        handlers: ["priemnaya@example.ru"],
      });
      try {
        for (let tries = 0; tries < 400 && smtp.received.size < 3; tries += 1) await sleep(25);
      } finally {
        await sender.stop();
      }
      assert.equal(
        smtp.received.size,
        3,
        `the notification, the acknowledgement, the answer: ${[...smtp.received.keys()]} ${JSON.stringify(await querySql(database.url, "SELECT kind, state, last_error FROM deliveries"))}`,
      );
    });
    after(async () => {
      await smtp.close();
      await data.close();
      await database.drop();
    });

    test("the ZIP holds the appeal's files, the answer's file and the mails byte for byte", async () => {
      const download = await exporter().caseFile(head, appealId);
      assert.ok(download);
      assert.equal(download.fileName, `дело-${number}.zip`);
      const files = await collect(download.stream);
      const names = Object.keys(files);
      const folder = `${number}/`;
      for (const name of names) {
        assert.ok(name.startsWith(folder), `${name} is inside the case's folder`);
        assert.ok(!name.split("/").some((part) => part === ".." || part === ""), name);
        assert.ok(!name.includes("\\"), name);
      }
      const citizenFiles = await data.attachments.listOf({ kind: "appeal", id: appealId });
      const storedPdf = await data.attachments.read(appealId, citizenFiles[0]?.id ?? "");
      const storedJpeg = await data.attachments.read(appealId, citizenFiles[1]?.id ?? "");
      assert.ok(storedPdf && storedJpeg);
      same(files[`${folder}02-файлы-обращения/акт.pdf`], storedPdf.content, "the PDF");
      same(files[`${folder}02-файлы-обращения/акт.pdf`], pdf, "the PDF as the citizen sent it");
      const image = names.filter((name) => name.startsWith(`${folder}02-файлы-обращения/`));
      assert.equal(image.length, 2);
      const imageName = image.find((name) => !name.endsWith("акт.pdf")) ?? "";
      assert.equal(imageName.split("/").length, 3, `${imageName}: one level under its folder`);
      same(files[imageName], jpeg, "the image under a hostile name");
      same(files[`${folder}04-ответ/ответ.pdf`], letter, "the answer's file");

      const acknowledgement = smtp.received.get(`<acknowledgement-${appealId}@example.ru>`);
      const answerMail = [...smtp.received].find(([id]) => id.startsWith("<answer-"))?.[1];
      assert.ok(acknowledgement && answerMail);
      // Named by the Kirov day each left (the sender's clock is the real one).
      const mailNamed = (suffix: string) =>
        names.find((name) => /03-письма\/\d{4}-\d{2}-\d{2}-/.test(name) && name.endsWith(suffix));
      same(
        files[mailNamed("-подтверждение.eml") ?? ""],
        acknowledgement,
        "the acknowledgement's .eml",
      );
      same(
        files[mailNamed("-ответ.eml") ?? ""],
        answerMail,
        "the answer's .eml as the SMTP server got it",
      );
      const mails = names.filter((name) => name.includes("03-письма/"));
      assert.equal(mails.length, 2, "the handlers' notification is not the author's mail");

      const summary = Buffer.from(files[`${folder}00-сводка.html`] ?? []).toString("utf8");
      assert.match(summary, /<meta charset="utf-8">/);
      assert.match(summary, /@page \{ size: A4/);
      assert.ok(summary.includes(number) && summary.includes("Дан ответ"));
      assert.ok(summary.includes(citizen), "each mail's address");
      assert.ok(summary.includes("01-12") && summary.includes("5 лет ЭПК"));
      const received = Buffer.from(files[`${folder}01-обращение.txt`] ?? []).toString("utf8");
      assert.ok(received.includes("Прошу ответить.") && received.includes("test-1"));
      const history = Buffer.from(files[`${folder}05-история.html`] ?? []).toString("utf8");
      assert.ok(history.includes("Зарегистрировать") && history.includes("anna"));
      console.log(
        `${kind.name}: ${names.length} files; PDF ${pdf.length} B ${sha(pdf).slice(0, 12)}, ` +
          `image ${jpeg.length} B, answer file ${letter.length} B, ` +
          `ack .eml ${acknowledgement.length} B, answer .eml ${answerMail.length} B: identical`,
      );
      const [line] = (await data.audit.recent(5)).filter(
        (entry) => entry.action === "case-file-export",
      );
      assert.deepEqual(line && [line.staff_login, line.details], ["anna", `дело № ${number}`]);
    });

    test("anyone but a head, an unknown case, an unknown year: nothing", async () => {
      const exporting = exporter();
      for (const role of ["registrar", "executor", "admin", "editor"] as const) {
        assert.equal(await exporting.caseFile({ login: "x", role }, appealId), undefined, role);
        assert.equal(await exporting.yearFile({ login: "x", role }, "2026"), undefined, role);
      }
      assert.equal(
        await exporting.caseFile(head, "0190c3f4-0000-7000-8000-000000000000"),
        undefined,
      );
      assert.equal(await exporting.caseFile(head, "../etc"), undefined);
      assert.equal(await exporting.yearFile(head, "1999"), undefined);
      assert.equal(await exporting.yearFile(head, "20x6"), undefined);
    });

    test("a year's export: every case closed that year, and the inventory", async () => {
      const closedOn = (await data.appeals.findInRegistry(appealId))?.closed_on;
      assert.equal(closedOn?.slice(0, 4), "2026", "answered in 2026");
      const download = await exporter().yearFile(head, "2026");
      assert.ok(download);
      const files = await collect(download.stream);
      same(files[`${number}/04-ответ/ответ.pdf`], letter, "the answer's file in the year's folder");
      const csv = Buffer.from(files["опись.csv"] ?? []).toString("utf8");
      const rows = csv
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n");
      assert.equal(
        rows[0],
        "№;Регистрационный номер;Поступило;Закрыто;Тема;Срок хранения;Индекс дела;Файлов",
      );
      const folderFiles = Object.keys(files).filter((name) => name.startsWith(`${number}/`));
      assert.match(
        rows[1] ?? "",
        new RegExp(`^1;${number};02\\.03\\.2026;.*;5 лет ЭПК;01-12;${folderFiles.length}$`),
      );
      assert.equal(rows.length, 2);
      const inventory = Buffer.from(files["опись.html"] ?? []).toString("utf8");
      assert.ok(inventory.includes(number) && inventory.includes("Всего дел: 1"));
    });

    test("a mail sent before copies were kept is restored from the stored data, and says so", async () => {
      await runSql(
        database.url,
        "DELETE FROM sent_copies WHERE message_id LIKE '<acknowledgement-%'",
      );
      const download = await exporter().caseFile(head, appealId);
      assert.ok(download);
      const files = await collect(download.stream);
      const restoredName = Object.keys(files).find((name) =>
        name.endsWith("-подтверждение-восстановлено.eml"),
      );
      const restored = files[restoredName ?? ""];
      assert.ok(restored, "named as restored");
      const text = Buffer.from(restored).toString("utf8");
      assert.match(text, /^X-Case-File-Note: /m);
      assert.match(text, new RegExp(`Message-ID:\\s+<acknowledgement-${appealId}@example.ru>`));
      const summary = Buffer.from(files[`${number}/00-сводка.html`] ?? []).toString("utf8");
      assert.ok(summary.includes(restoredMailNote));
    });

    test("the copies go with their appeal when it is destroyed", async () => {
      const count = async () =>
        Number((await querySql(database.url, "SELECT COUNT(*) AS n FROM sent_copies"))[0]?.n);
      assert.equal(await count(), 1, "the answer's copy is kept");
      await runSql(database.url, "DELETE FROM appeals WHERE id = ?", [appealId]);
      assert.equal(await count(), 0);
    });
  });
}
