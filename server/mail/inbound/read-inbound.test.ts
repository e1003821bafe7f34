// Issue 46: one raw message read into what it is. Each fixture in ./fixtures is a message as a
// real server writes it (Postfix and Yandex DSNs, an Exim and two Russian non-standard bounces,
// out-of-office replies, a newsletter, a citizen's reply in KOI8-R with a PDF, an HTML-only
// message, a broken one); each is read as it is and with CRLF line ends, as IMAP gives it.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import MailComposer from "nodemailer/lib/mail-composer";
import type { InboundLimits, InboundVerdict } from "./inbound-types.ts";
import { readInbound } from "./read-inbound.ts";

const fixtures = join(import.meta.dirname, "fixtures");
const limits: InboundLimits = {
  maxMessageBytes: 25 * 1024 * 1024,
  maxNestingDepth: 20,
  maxAttachments: 10,
};
const ours = { returnPathLocal: "bounces", domain: "example.ru" };

function fixture(name: string): Buffer {
  return readFileSync(join(fixtures, name));
}

function withCrlf(raw: Buffer): Buffer {
  return Buffer.from(raw.toString("latin1").replace(/\r?\n/g, "\r\n"), "latin1");
}

const bounces: Record<string, InboundVerdict> = {
  "postfix-dsn-user-unknown.eml": {
    kind: "bounce",
    permanent: true,
    status: "5.1.1",
    reason: "нет такого адреса",
    deliveryId: "42",
    originalMessageIds: ["answer-5f0c2b1e-8a3d-4c1e-9b7a-2d4e6f8a1c3b@example.ru"],
  },
  "dsn-mailbox-full.eml": {
    kind: "bounce",
    permanent: true,
    status: "5.2.2",
    reason: "ящик переполнен",
    deliveryId: "43",
    originalMessageIds: ["acknowledgement-0b7e2a44-93f1-4d0c-a5c6-1e2f3a4b5c6d@example.ru"],
  },
  "dsn-domain-not-found.eml": {
    kind: "bounce",
    permanent: true,
    status: "5.4.4",
    reason: "домен не существует",
    deliveryId: "44",
    originalMessageIds: ["notice-44@example.ru"],
  },
  "dsn-delayed.eml": {
    kind: "bounce",
    permanent: false,
    status: "4.4.1",
    reason: "временная ошибка доставки",
    deliveryId: "47",
    originalMessageIds: ["answer-7a1b2c3d-0000-4e5f-8a9b-0c1d2e3f4a5b@example.ru"],
  },
  "exim-bounce.eml": {
    kind: "bounce",
    permanent: true,
    status: "5.1.1",
    reason: "нет такого адреса",
    deliveryId: "45",
    originalMessageIds: ["acknowledgement-3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f@example.ru"],
  },
  "mailru-bounce-ru.eml": {
    kind: "bounce",
    permanent: true,
    status: null,
    reason: "нет такого адреса",
    deliveryId: "46",
    originalMessageIds: ["answer-9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b@example.ru"],
  },
  "yandex-bounce-ru.eml": {
    kind: "bounce",
    permanent: true,
    status: null,
    reason: "ящик переполнен",
    deliveryId: "48",
    originalMessageIds: ["notice-48@example.ru"],
  },
};

const others: Record<string, InboundVerdict> = {
  "out-of-office-auto-submitted.eml": { kind: "auto-reply" },
  "out-of-office-subject-only.eml": { kind: "auto-reply" },
  "newsletter-bulk.eml": { kind: "auto-reply" },
  "broken-mime.eml": {
    kind: "unreadable",
    reason: "не удалось разобрать письмо: части письма не найдены",
  },
};

test("every fixture is named in this test", () => {
  const named = [
    ...Object.keys(bounces),
    ...Object.keys(others),
    "citizen-reply-koi8r.eml",
    "html-only-remote-image.eml",
  ];
  assert.deepEqual(readdirSync(fixtures).sort(), named.sort());
});

for (const [name, expected] of Object.entries({ ...bounces, ...others })) {
  test(`${name}: ${expected.kind}${"reason" in expected ? ` «${expected.reason}»` : ""}`, async () => {
    assert.deepEqual(await readInbound(fixture(name), limits, ours), expected);
    assert.deepEqual(await readInbound(withCrlf(fixture(name)), limits, ours), expected, "CRLF");
  });
}

test("a bounce names no delivery without MAIL_RETURN_PATH, or to another domain's address", async () => {
  const raw = fixture("postfix-dsn-user-unknown.eml");
  const none = await readInbound(raw, limits, { returnPathLocal: null, domain: "example.ru" });
  assert.equal(none.kind === "bounce" && none.deliveryId, null);
  const other = await readInbound(raw, limits, {
    returnPathLocal: "bounces",
    domain: "example.org",
  });
  assert.equal(other.kind === "bounce" && other.deliveryId, null);
  const upper = await readInbound(raw, limits, {
    returnPathLocal: "Bounces",
    domain: "EXAMPLE.ru",
  });
  assert.equal(upper.kind === "bounce" && upper.deliveryId, "42");
});

test("a citizen's reply in KOI8-R and windows-1251: text, sender, thread, number, PDF", async () => {
  for (const raw of [
    fixture("citizen-reply-koi8r.eml"),
    withCrlf(fixture("citizen-reply-koi8r.eml")),
  ]) {
    const verdict = await readInbound(raw, limits, ours);
    assert.equal(verdict.kind, "mail");
    if (verdict.kind !== "mail") return;
    const { parsed } = verdict;
    assert.deepEqual(verdict.registrationNumbers, ["А-2026-000123"]);
    assert.equal(parsed.subject, "Re: Ответ на обращение А-2026-000123");
    assert.deepEqual(parsed.from, { address: "ivanova.anna@mail.example", name: "Иванова Анна" });
    assert.equal(parsed.messageId, "5e6f7a8b9c0d1e2f@smtp.mail.example");
    assert.deepEqual(parsed.quotedMessageIds, [
      "answer-5f0c2b1e-8a3d-4c1e-9b7a-2d4e6f8a1c3b@example.ru",
      "acknowledgement-0b7e2a44-93f1-4d0c-a5c6-1e2f3a4b5c6d@example.ru",
    ]);
    assert.deepEqual(parsed.recipients, ["priemnaya@example.ru"]);
    assert.equal(parsed.sentAt, "2026-07-27T15:32:07.000Z");
    assert.match(parsed.text, /^Добрый день!\n\nСпасибо за ответ на обращение А-2026-000123\./);
    assert.match(parsed.text, /дети\nжалуются на головную боль/);
    assert.doesNotMatch(parsed.text, /\r/);
    assert.equal(parsed.attachments.length, 1);
    const [pdf] = parsed.attachments;
    assert.equal(pdf?.fileName, "Акт обследования улицы Садовой.pdf");
    assert.equal(pdf?.mediaType, "application/pdf");
    assert.equal(pdf?.content.subarray(0, 8).toString("latin1"), "%PDF-1.4");
    assert.deepEqual(parsed.attachmentsOverLimit, []);
  }
});

test("an HTML-only message: its text without script, style, title, comment or image", async () => {
  const verdict = await readInbound(fixture("html-only-remote-image.eml"), limits, ours);
  assert.equal(verdict.kind, "mail");
  if (verdict.kind !== "mail") return;
  assert.equal(verdict.parsed.subject, "Жалоба на шум");
  assert.equal(
    verdict.parsed.text,
    [
      "Здравствуйте!",
      "",
      "Каждую ночь с 23:00 на складе работает техника «без перерыва» & шумит.",
      "",
      "– адрес: ул. Полевая, 5",
      "– время: 23:00–04:00",
      "",
      "Видео: запись (https://video.example/v/123)",
      "",
      "Петр Соколов",
    ].join("\n"),
  );
  assert.deepEqual(verdict.parsed.attachments, [], "the remote image is no file, and not fetched");
  assert.deepEqual(verdict.registrationNumbers, []);
});

async function composed(options: ConstructorParameters<typeof MailComposer>[0]): Promise<Buffer> {
  return new MailComposer({
    from: "Анна Иванова <anna@mail.example>",
    to: "priemnaya@example.ru",
    date: new Date("2026-07-30T09:00:00Z"),
    ...options,
  })
    .compile()
    .build();
}

test("files beyond maxAttachments are not kept, and their names are listed", async () => {
  const raw = await composed({
    subject: "Фотографии",
    text: "Фото во вложении.",
    attachments: Array.from({ length: 5 }, (_, index) => ({
      filename: `фото-${index + 1}.jpg`,
      content: Buffer.from([0xff, 0xd8, 0xff, index]),
      contentType: "image/jpeg",
    })),
  });
  const verdict = await readInbound(raw, { ...limits, maxAttachments: 2 }, ours);
  assert.equal(verdict.kind, "mail");
  if (verdict.kind !== "mail") return;
  assert.deepEqual(
    verdict.parsed.attachments.map((file) => file.fileName),
    ["фото-1.jpg", "фото-2.jpg"],
  );
  assert.deepEqual(verdict.parsed.attachmentsOverLimit, ["фото-3.jpg", "фото-4.jpg", "фото-5.jpg"]);
});

test("a file's name loses its path and control characters; a nameless file gets one", async () => {
  const raw = Buffer.from(
    [
      "From: a@mail.example",
      "Subject: Документы",
      'Content-Type: multipart/mixed; boundary="b"',
      "",
      "--b",
      "Content-Type: text/plain",
      "",
      "См. вложения.",
      "--b",
      'Content-Type: application/octet-stream; name="../../etc/evil\u0001.exe"',
      "Content-Disposition: attachment",
      "",
      "MZ",
      "--b",
      "Content-Type: application/pdf",
      "Content-Disposition: attachment",
      "",
      "%PDF-1.4",
      "--b",
      "Content-Type: text/plain",
      "Content-Disposition: attachment; filename*=UTF-8''C%3A%5CUsers%5Cdoc.txt",
      "",
      "doc",
      "--b--",
      "",
    ].join("\r\n"),
  );
  const verdict = await readInbound(raw, limits, ours);
  assert.equal(verdict.kind, "mail");
  if (verdict.kind !== "mail") return;
  assert.deepEqual(
    verdict.parsed.attachments.map((file) => [file.fileName, file.mediaType]),
    [
      ["evil.exe", "application/octet-stream"],
      ["вложение-2", "application/pdf"],
      ["doc.txt", "text/plain"],
    ],
  );
});

test("NUL and other control characters never reach the text or the subject", async () => {
  const raw = Buffer.from(
    "From: a@mail.example\r\nSubject: Жалоба\u0000 А-2026-7\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nТекст\u0000\u0007 с нулём\r\n",
  );
  const verdict = await readInbound(raw, limits, ours);
  assert.equal(verdict.kind, "mail");
  if (verdict.kind !== "mail") return;
  assert.equal(verdict.parsed.subject, "Жалоба А-2026-7");
  assert.equal(verdict.parsed.text, "Текст с нулём");
  assert.deepEqual(verdict.registrationNumbers, ["А-2026-000007"]);
});

test("a report that the mail was delivered changes nothing", async () => {
  const raw = fixture("postfix-dsn-user-unknown.eml")
    .toString("latin1")
    .replace("Action: failed\nStatus: 5.1.1", "Action: delivered\nStatus: 2.0.0");
  assert.deepEqual(await readInbound(Buffer.from(raw, "latin1"), limits, ours), {
    kind: "auto-reply",
  });
});

test("a DSN whose Status is generic takes the diagnostic's own code", async () => {
  const raw = fixture("postfix-dsn-user-unknown.eml")
    .toString("latin1")
    .replace("Status: 5.1.1", "Status: 5.0.0");
  const verdict = await readInbound(Buffer.from(raw, "latin1"), limits, ours);
  assert.equal(verdict.kind === "bounce" && verdict.status, "5.1.1");
  assert.equal(verdict.kind === "bounce" && verdict.reason, "нет такого адреса");
});

test("a person forwarding a bounce, or naming one in the subject, wrote a message", async () => {
  const forwarded = await composed({
    subject: "Fwd: Undelivered Mail Returned to Sender",
    text: "Не доходит ваше письмо, вот что пришло:\n550 5.1.1 User unknown",
  });
  assert.equal((await readInbound(forwarded, limits, ours)).kind, "mail");
  const inline = await composed({
    subject: "Fwd: ваше письмо не доставлено",
    text: "Пересылаю.",
    attachments: [
      {
        raw: fixture("postfix-dsn-user-unknown.eml")
          .toString("latin1")
          .replace(/^/, "Content-Type: message/rfc822\r\n\r\n"),
      },
    ],
  });
  assert.equal((await readInbound(inline, limits, ours)).kind, "mail");
});

test("out-of-office subjects and their look-alikes", async () => {
  const cases: Array<[string, InboundVerdict["kind"]]> = [
    ["Automatic reply: Ответ на обращение", "auto-reply"],
    ["Out of Office: Re: обращение", "auto-reply"],
    ["Auto-Reply: ваше письмо", "auto-reply"],
    ["Автоответ", "auto-reply"],
    ["Нет на месте до 10 августа", "auto-reply"],
    ["В отпуске", "auto-reply"],
    ["Abwesend: Ihre Nachricht", "auto-reply"],
    ["В отпуске не выплатили компенсацию", "mail"],
    ["OOO «Ромашка»: запах от поля", "mail"],
    ["Автомобили на поле", "mail"],
  ];
  for (const [subject, kind] of cases) {
    const verdict = await readInbound(await composed({ subject, text: "Текст." }), limits, ours);
    assert.equal(verdict.kind, kind, subject);
  }
});

test("auto-reply headers: Auto-Submitted but 'no', X-Autoreply, Precedence; a hint needs words", async () => {
  const cases: Array<[Record<string, string>, string, InboundVerdict["kind"]]> = [
    [{ "Auto-Submitted": "auto-generated" }, "Текст.", "auto-reply"],
    [{ "Auto-Submitted": "no" }, "Текст.", "mail"],
    [{ "X-Autoreply": "yes" }, "Текст.", "auto-reply"],
    [{ Precedence: "auto_reply" }, "Текст.", "auto-reply"],
    [{ Precedence: "junk" }, "Текст.", "auto-reply"],
    [{ "X-Auto-Response-Suppress": "All" }, "Прошу разобраться с запахом.", "mail"],
    [{ "X-Auto-Response-Suppress": "OOF" }, "Я в отпуске до 3 августа.", "auto-reply"],
  ];
  for (const [headers, text, kind] of cases) {
    const verdict = await readInbound(
      await composed({ subject: "Обращение", text, headers }),
      limits,
      ours,
    );
    assert.equal(verdict.kind, kind, JSON.stringify(headers));
  }
});

test("a read receipt changes nothing", async () => {
  const raw = Buffer.from(
    [
      "From: anna@mail.example",
      "To: priemnaya@example.ru",
      "Subject: Прочитано: Ответ на обращение А-2026-000123",
      'Content-Type: multipart/report; report-type=disposition-notification; boundary="m"',
      "",
      "--m",
      "Content-Type: text/plain; charset=utf-8",
      "",
      "Ваше сообщение прочитано.",
      "--m",
      "Content-Type: message/disposition-notification",
      "",
      "Final-Recipient: rfc822; anna@mail.example",
      "Original-Message-ID: <answer-1@example.ru>",
      "Disposition: manual-action/MDN-sent-manually; displayed",
      "--m--",
      "",
    ].join("\r\n"),
  );
  assert.deepEqual(await readInbound(raw, limits, ours), { kind: "auto-reply" });
});
