// Issue 46: hostile mail. Too large, nested too deep, headers without end, ten thousand parts,
// broken HTML, random bytes and mangled real messages: each is read to a verdict, never a throw.
// `readInbound` turns a fault of its own into «ошибка при чтении»; these tests fail on that too,
// so a bug is not hidden by the net. Times are printed, never asserted.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { type Random, seededRandom } from "../../../tests/support/random-input.ts";
import type { InboundLimits, InboundVerdict } from "./inbound-types.ts";
import { readInbound } from "./read-inbound.ts";

const limits: InboundLimits = {
  maxMessageBytes: 25 * 1024 * 1024,
  maxNestingDepth: 20,
  maxAttachments: 10,
};
const ours = { returnPathLocal: "bounces", domain: "example.ru" };
const fixtures = join(import.meta.dirname, "fixtures");
const seed = Number(process.env.RANDOM_INPUT_SEED ?? 20260746);

async function read(raw: Buffer, given = limits): Promise<InboundVerdict> {
  const verdict = await readInbound(raw, given, ours);
  assert.notEqual(
    verdict.kind === "unreadable" && verdict.reason,
    "не удалось разобрать письмо: ошибка при чтении",
    "our own code threw",
  );
  return verdict;
}

async function timed(label: string, run: () => Promise<InboundVerdict>): Promise<InboundVerdict> {
  const started = performance.now();
  const verdict = await run();
  console.log(`${label}: ${(performance.now() - started).toFixed(0)} ms`);
  return verdict;
}

function message(headers: string, body: string): Buffer {
  return Buffer.from(
    `From: a@mail.example\r\nSubject: test\r\n${headers}\r\n\r\n${body}`,
    "latin1",
  );
}

function nested(levels: number): Buffer {
  let body = "Content-Type: text/plain\r\n\r\nглубоко\r\n";
  for (let level = levels - 1; level >= 0; level--)
    body = `Content-Type: multipart/mixed; boundary="b${level}"\r\n\r\n--b${level}\r\n${body}--b${level}--\r\n`;
  return Buffer.from(`From: a@mail.example\r\nSubject: test\r\n${body}`);
}

test("a message over maxMessageBytes is not parsed; the limit is told in МБ", async () => {
  const raw = message("Content-Type: text/plain", "x".repeat(2 * 1024 * 1024));
  const reasonAt = async (maxMessageBytes: number) => {
    const verdict = await read(raw, { ...limits, maxMessageBytes });
    return verdict.kind === "unreadable" ? verdict.reason : verdict.kind;
  };
  assert.equal(await reasonAt(1024 * 1024), "письмо больше 1 МБ");
  assert.equal(await reasonAt(1.5 * 1024 * 1024), "письмо больше 1,5 МБ");
  assert.equal(await reasonAt(raw.length - 1), "письмо больше 2 МБ");
  assert.equal(await reasonAt(raw.length), "mail");
});

test("MIME parts nested deeper than maxNestingDepth make a message unreadable", async () => {
  assert.equal((await read(nested(20))).kind, "mail");
  assert.deepEqual(await read(nested(21)), {
    kind: "unreadable",
    reason: "не удалось разобрать письмо: части вложены глубже 20 уровней",
  });
  const deep = await timed("5,000 nested multiparts", () => read(nested(5000)));
  assert.equal(deep.kind, "unreadable");
});

test("headers without end make a message unreadable", async () => {
  const junk = Array.from({ length: 12_000 }, (_, line) => `X-Junk-${line}: ${"a".repeat(90)}`);
  const verdict = await read(message(junk.join("\r\n"), "text"));
  assert.deepEqual(verdict, {
    kind: "unreadable",
    reason: "не удалось разобрать письмо: заголовки больше 1024 КБ",
  });
});

test("messages forwarded inside each other 40 deep are read, the deep ones kept as a file", async () => {
  let inner = "From: x@mail.example\r\nSubject: дно\r\nContent-Type: text/plain\r\n\r\nдно\r\n";
  for (let level = 0; level < 40; level++)
    inner = `From: x@mail.example\r\nSubject: Fwd\r\nContent-Type: message/rfc822\r\n\r\n${inner}`;
  const verdict = await timed("40 nested message/rfc822", () => read(Buffer.from(inner)));
  assert.equal(verdict.kind, "mail");
  if (verdict.kind === "mail")
    assert.equal(verdict.parsed.attachments[0]?.mediaType, "message/rfc822");
});

test("a multipart of 10,000 parts within the size limit is read, its files capped", async () => {
  const parts = Array.from(
    { length: 10_000 },
    (_, index) =>
      `--w\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename="f${index}.bin"\r\n\r\nx\r\n`,
  );
  const raw = message('Content-Type: multipart/mixed; boundary="w"', `${parts.join("")}--w--\r\n`);
  const verdict = await timed(`10,000 parts (${(raw.length / 1024).toFixed(0)} KB)`, () =>
    read(raw),
  );
  assert.equal(verdict.kind, "mail");
  if (verdict.kind !== "mail") return;
  assert.equal(verdict.parsed.attachments.length, 10);
  assert.equal(verdict.parsed.attachmentsOverLimit.length, 9990);
  assert.equal(verdict.parsed.attachmentsOverLimit.at(-1), "f9999.bin");
});

test("broken HTML of a few megabytes is reduced to text in one pass", async () => {
  const bodies: Record<string, string> = {
    "unclosed <a": "<a ".repeat(300_000),
    "unclosed comments": "<!--".repeat(300_000),
    "unclosed quotes": '<p title="'.repeat(200_000),
    "lone <": "<".repeat(1_000_000),
    "unclosed script": `<p>до</p><script>${"x".repeat(1_000_000)}`,
    "many scripts": "<script>1</script>".repeat(100_000),
    entities: "&#x1F600;&amp;&bogus;&#0;&#xD800;".repeat(100_000),
    "tags in tags": "<div<div<div>".repeat(200_000),
    "a million spaces": `${" ".repeat(1_000_000)}x`,
    "blocks between spaces": `${" ".repeat(1000)}<div>`.repeat(1000),
    "huge attributes": `<a href="${"h".repeat(1_000_000)}" ${" x".repeat(100_000)}>ссылка</a>`,
  };
  for (const [label, html] of Object.entries(bodies)) {
    const raw = message("Content-Type: text/html; charset=utf-8", html);
    const verdict = await timed(`HTML, ${label}`, () => read(raw));
    assert.equal(verdict.kind, "mail", label);
    if (verdict.kind === "mail") {
      assert.ok(!verdict.parsed.text.includes("\u0000"), label);
      assert.ok(!verdict.parsed.text.includes("xxxx"), `${label}: script content is no text`);
    }
  }
});

test("bounces and headers built to make patterns backtrack are read in one pass", async () => {
  const words = "превышен".repeat(200_000);
  const groups = "Final-Recipient: rfc822; a@b\r\nAction: failed\r\n\r\n".repeat(50_000);
  const dsn = message(
    'To: bounces+1@example.ru\r\nContent-Type: multipart/report; report-type=delivery-status; boundary="r"',
    [
      `--r\r\nContent-Type: text/plain\r\n\r\n${"-- исходн".repeat(100_000)}\r\n`,
      `--r\r\nContent-Type: message/delivery-status\r\n\r\n${groups}`,
      `Final-Recipient: rfc822; a@b\r\nAction: failed\r\nDiagnostic-Code: smtp; ${words}\r\n`,
      "--r--\r\n",
    ].join(""),
  );
  const bounce = await timed("a DSN of 50,000 recipients and a 3 MB diagnostic", () => read(dsn));
  assert.equal(bounce.kind, "bounce");
  const to = Array.from(
    { length: 20_000 },
    (_, index) => `"Имя ${index}" <a${index}@mail.example>`,
  );
  const addressed = message(`To: ${to.join(", ")}\r\nContent-Type: text/plain`, "текст");
  const mail = await timed("a To header of 20,000 addresses", () => read(addressed));
  assert.equal(mail.kind === "mail" && mail.parsed.recipients.length, 200);
  const subject = message("Content-Type: text/plain", "текст")
    .toString("latin1")
    .replace("Subject: test", `Subject: ${"возвращённ".repeat(30_000)}`);
  const longSubject = await timed("a subject of 300,000 characters", () =>
    read(Buffer.from(subject, "utf8")),
  );
  assert.equal(longSubject.kind, "mail");
});

/** MIME-shaped pieces, so random messages reach the parser's and the classifier's paths. */
const pieces = [
  "From: MAILER-DAEMON@mx.example\r\n",
  "From: =?utf-8?B?0JDQvdC90LA=?= <a@b>\r\n",
  "Subject: Undelivered Mail Returned to Sender\r\n",
  "Subject: =?koi8-r?Q?=E1=D7=D4=CF?=\r\n",
  "To: bounces+12@example.ru\r\n",
  "Content-Type: multipart/report; report-type=delivery-status; boundary=x\r\n",
  "Content-Type: multipart/mixed; boundary=x\r\n",
  "Content-Type: message/delivery-status\r\n",
  "Content-Type: message/rfc822\r\n",
  "Content-Type: text/html; charset=windows-1251\r\n",
  "Content-Type: text/plain; charset=x-unknown\r\n",
  "Content-Transfer-Encoding: base64\r\n",
  "Content-Transfer-Encoding: quoted-printable\r\n",
  "Content-Disposition: attachment; filename*=UTF-8''%D0%%\r\n",
  "Auto-Submitted: auto-replied\r\n",
  "In-Reply-To: <<<a@b>\r\n",
  "Action: failed\r\nStatus: 5.1.1\r\n",
  "Diagnostic-Code: smtp; 550 5.7.1 spam\r\n",
  "Message-ID: <x@y>\r\n",
  "--x\r\n",
  "--x--\r\n",
  "\r\n",
  "\r\n\r\n",
  "=?utf-8?B?",
  "<script><!--<a href='",
  "А-2026-000123 ",
];

function randomMessage(random: Random): Buffer {
  const chunks: Buffer[] = [];
  for (let piece = random.int(30); piece >= 0; piece--) {
    chunks.push(
      random.int(3) === 0
        ? Buffer.from(Array.from({ length: random.int(200) }, () => random.int(256)))
        : Buffer.from(random.pick(pieces), "utf8"),
    );
  }
  return Buffer.concat(chunks);
}

function mangled(random: Random, raw: Buffer): Buffer {
  const copy = Buffer.from(raw);
  for (let flip = random.int(20); flip >= 0; flip--)
    copy[random.int(copy.length)] = random.int(256);
  const cut = random.int(4) === 0 ? random.int(copy.length) : copy.length;
  return copy.subarray(0, cut);
}

test("random bytes and mangled real messages never throw", async () => {
  const random = seededRandom(seed);
  const originals = readdirSync(fixtures).map((name) => readFileSync(join(fixtures, name)));
  const kinds = new Map<string, number>();
  const started = performance.now();
  for (let round = 0; round < 600; round++) {
    const raw =
      round < 300
        ? randomMessage(random)
        : mangled(random, originals[round % originals.length] ?? Buffer.alloc(0));
    const verdict = await read(raw, { ...limits, maxNestingDepth: 5 });
    assert.match(
      verdict.kind,
      /^(bounce|auto-reply|mail|unreadable)$/,
      `seed ${seed}, round ${round}`,
    );
    if (verdict.kind === "bounce") assert.match(verdict.reason, /[а-я]/);
    kinds.set(verdict.kind, (kinds.get(verdict.kind) ?? 0) + 1);
  }
  console.log(
    `600 random messages (seed ${seed}) in ${(performance.now() - started).toFixed(0)} ms:`,
    Object.fromEntries(kinds),
  );
  assert.ok(
    (kinds.get("mail") ?? 0) > 0 && (kinds.get("unreadable") ?? 0) > 0,
    "both paths reached",
  );
});

test("an empty message has no headers to read", async () => {
  assert.deepEqual(await read(Buffer.alloc(0)), {
    kind: "unreadable",
    reason: "не удалось разобрать письмо: нет заголовков",
  });
});
