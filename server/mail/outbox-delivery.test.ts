// The whole path on both stores with a real SMTP server in the test process: an appeal posted to
// the API reaches the handlers by mail once, through an SMTP outage, a restart and two servers.
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { registrationDue } from "../../domain/appeals/legal-terms.ts";
import { formatRussianDate } from "../../domain/calendar/calendar-day.ts";
import { formatKirovDateTime } from "../../domain/time/kirov-time.ts";
import { postAppeal, startTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { type TestDatabase, testDatabaseKinds } from "../../tests/support/test-databases.ts";
import { createTestSmtpServer, type TestSmtpServer } from "../../tests/support/test-smtp-server.ts";
import type { DeliveryKind, DeliveryStatus } from "../db/deliveries-repository.ts";
import type { MailConfig } from "./mail-config.ts";

const handlers = ["priemnaya@example.ru", "yurist@example.ru"];

function mailConfig(
  smtp: TestSmtpServer,
  retry = { firstWaitMs: 100, maxAttempts: 10 },
): MailConfig {
  return {
    smtpUrl: smtp.url,
    notifyTo: handlers,
    from: "Сайт <noreply@example.ru>",
    retry,
    leaseMs: 60_000,
  };
}

const submit = postAppeal;

async function waitForStatus(
  site: TestApp,
  appealId: string,
  done: (status: DeliveryStatus | undefined) => boolean,
  timeoutMs = 10_000,
  kind: DeliveryKind = "appeal-notification",
): Promise<DeliveryStatus | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await site.data.deliveries.statusOf(appealId, kind);
    if (done(status)) return status;
    if (Date.now() > deadline) throw new Error(`status never reached: ${JSON.stringify(status)}`);
    await sleep(20);
  }
}

async function health(site: TestApp) {
  const response = await site.app.inject({ url: "/healthz" });
  assert.equal(response.statusCode, 200);
  return response.json() as {
    status: string;
    mail: string;
    outbox: { pending: number; failed: number; oldestPendingAt: string | null };
    outboxByKind: Record<
      string,
      { pending: number; failed: number; oldestPendingAt: string | null }
    >;
  };
}

const personalData = ["Анна", "Д’Артаньян", "anna.maria", "345-67-89", "Слободском", "<script>"];

function assertNoPersonalData(logLines: string[]) {
  const log = logLines.join("");
  for (const secret of [...personalData, ...handlers]) {
    assert.ok(!log.includes(secret), `the log holds ${secret}`);
  }
}

for (const kind of testDatabaseKinds) {
  describe(`${kind.name}: appeal notifications by e-mail`, () => {
    // A database of its own per test: one test's leftover notification cannot reach another.
    let database: TestDatabase;
    beforeEach(async () => {
      database = await kind.create();
    });
    afterEach(async () => {
      await database?.drop();
    });

    test("the mail arrives once with the number, the fields, the deadlines, and a <script> as text", async () => {
      const smtp = await createTestSmtpServer({ onlyTo: handlers });
      const site = await startTestApp({ databaseUrl: database.url, mail: mailConfig(smtp) });
      try {
        const comment = "Прошу проверить поле.\n<script>alert('x')</script> & ещё";
        const stored = await submit(site, { comment });
        const [mail] = await smtp.waitForMail(1);
        assert.ok(mail);
        assert.equal(mail.subject, `Новое обращение гражданина № ${stored.number}`);
        assert.deepEqual(mail.envelopeTo, handlers);
        assert.equal(mail.from?.address, "noreply@example.ru");
        const [saved] = (await site.data.appeals.list()).filter((a) => a.id === stored.id);
        assert.ok(saved);
        const receivedAt = new Date(saved.created_at);
        for (const expected of [
          "Фамилия: Д’Артаньян",
          "Имя: Анна-Мария",
          "Электронная почта: anna.maria@example.ru",
          "Телефон: +7 (912) 345-67-89",
          "Регион: 43 - Кировская область",
          `Поступило: ${formatKirovDateTime(receivedAt)} по кировскому времени`,
          `не позднее ${formatRussianDate(registrationDue(receivedAt))} (3 дня со дня поступления)`,
          "<script>alert('x')</script> & ещё",
        ]) {
          assert.ok(mail.text?.includes(expected), `the text lacks ${expected}:\n${mail.text}`);
        }
        assert.ok(!mail.html?.includes("<script"), "no script element in the HTML");
        assert.ok(
          mail.html?.includes("&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; &amp; ещё"),
        );
        assert.ok(mail.html?.includes("<td>Д’Артаньян</td>"));

        const status = await waitForStatus(site, stored.id, (s) => s?.state === "sent");
        assert.equal(status?.attempts, 1);
        await sleep(300);
        assert.equal(smtp.received.length, 1, "sent once");
        assert.deepEqual((await health(site)).outbox, {
          pending: 0,
          failed: 0,
          oldestPendingAt: null,
        });
        assert.equal((await health(site)).mail, "on");
        assert.match(site.logLines.join(""), /appeal notification sent/);
        assertNoPersonalData(site.logLines);
      } finally {
        await site.close();
        await smtp.stop();
      }
    });

    test("SMTP down during the submission, then up: delivered once", async () => {
      const smtp = await createTestSmtpServer({ listening: false, onlyTo: handlers });
      const site = await startTestApp({ databaseUrl: database.url, mail: mailConfig(smtp) });
      try {
        const stored = await submit(site);
        const waiting = await waitForStatus(site, stored.id, (s) => (s?.attempts ?? 0) >= 2);
        assert.equal(waiting?.state, "pending");
        // nodemailer's code for a refused connection, with no address or message in it.
        assert.equal(waiting?.lastError, "ESOCKET");
        const report = await health(site);
        // The notification and the citizen's acknowledgement wait.
        assert.equal(report.outbox.pending, 2);
        assert.equal(report.outboxByKind["appeal-notification"]?.pending, 1);
        assert.equal(report.outbox.failed, 0);

        await smtp.start();
        await smtp.waitForMail(1);
        await waitForStatus(site, stored.id, (s) => s?.state === "sent");
        await sleep(500);
        assert.equal(smtp.received.length, 1, "sent once");
        assert.match(site.logLines.join(""), /appeal notification not sent/);
        assertNoPersonalData(site.logLines);
      } finally {
        await site.close();
        await smtp.stop();
      }
    });

    test("the server restarted while SMTP was down: delivered once after the restart", async () => {
      const smtp = await createTestSmtpServer({ listening: false, onlyTo: handlers });
      const first = await startTestApp({ databaseUrl: database.url, mail: mailConfig(smtp) });
      let stored: { id: string; number: string };
      try {
        stored = await submit(first);
        await waitForStatus(first, stored.id, (s) => (s?.attempts ?? 0) >= 1);
      } finally {
        await first.close();
      }
      await smtp.start();
      await sleep(300);
      assert.equal(smtp.received.length, 0, "nothing is sent while no server runs");

      const second = await startTestApp({ databaseUrl: database.url, mail: mailConfig(smtp) });
      try {
        const [mail] = await smtp.waitForMail(1);
        assert.equal(mail?.subject, `Новое обращение гражданина № ${stored.number}`);
        await waitForStatus(second, stored.id, (s) => s?.state === "sent");
        await sleep(500);
        assert.equal(smtp.received.length, 1, "sent once");
      } finally {
        await second.close();
        await smtp.stop();
      }
    });

    test("tries run out: failed, reported by /healthz (still 200), sent after a retry by hand", async () => {
      const smtp = await createTestSmtpServer({ listening: false, onlyTo: handlers });
      const site = await startTestApp({
        databaseUrl: database.url,
        mail: mailConfig(smtp, { firstWaitMs: 20, maxAttempts: 3 }),
      });
      try {
        const stored = await submit(site);
        const failed = await waitForStatus(site, stored.id, (s) => s?.state === "failed");
        assert.equal(failed?.attempts, 3);
        // The citizen's acknowledgement runs out of tries beside it, not always in the same turn.
        await waitForStatus(
          site,
          stored.id,
          (s) => s?.state === "failed",
          10_000,
          "appeal-acknowledgement",
        );
        const report = await health(site);
        assert.equal(report.status, "ok");
        // The notification and the citizen's acknowledgement both ran out of tries.
        assert.deepEqual(report.outbox, { pending: 0, failed: 2, oldestPendingAt: null });
        assert.deepEqual(report.outboxByKind, {
          "appeal-notification": { pending: 0, failed: 1, oldestPendingAt: null },
          "appeal-acknowledgement": { pending: 0, failed: 1, oldestPendingAt: null },
          "appeal-notice": { pending: 0, failed: 0, oldestPendingAt: null },
          "appeal-answer": { pending: 0, failed: 0, oldestPendingAt: null },
          "assignment-notice": { pending: 0, failed: 0, oldestPendingAt: null },
          "daily-reminder": { pending: 0, failed: 0, oldestPendingAt: null },
        });
        assert.match(site.logLines.join(""), /appeal notification failed: no tries left/);

        await smtp.start();
        await sleep(200);
        assert.equal(smtp.received.length, 0, "a failed notification waits for a person");
        assert.equal(await site.data.deliveries.retry(stored.id, "appeal-notification"), true);
        await smtp.waitForMail(1);
        await waitForStatus(site, stored.id, (s) => s?.state === "sent");
        assertNoPersonalData(site.logLines);
      } finally {
        await site.close();
        await smtp.stop();
      }
    });

    test("a notification whose senders kept dying mid-send ends failed instead of looping", async () => {
      const smtp = await createTestSmtpServer({ onlyTo: handlers });
      const retry = { firstWaitMs: 50, maxAttempts: 2 };
      const quiet = await startTestApp({ databaseUrl: database.url });
      const stored = await submit(quiet);
      // Two senders took it and died: each claim counted a try, and each lease has run out.
      for (const owner of ["dead-1", "dead-2"]) {
        const claimed = await quiet.data.deliveries.claimDue({
          now: new Date(),
          owner,
          leaseUntil: new Date(Date.now() - 1),
          limit: 10,
        });
        assert.deepEqual(claimed.map((delivery) => delivery.kind).sort(), [
          "appeal-acknowledgement",
          "appeal-notification",
        ]);
      }
      await quiet.close();
      const site = await startTestApp({ databaseUrl: database.url, mail: mailConfig(smtp, retry) });
      try {
        const status = await waitForStatus(site, stored.id, (s) => s?.state === "failed");
        assert.equal(status?.lastError, "ELEASE");
        assert.equal(smtp.received.length, 0);
      } finally {
        await site.close();
        await smtp.stop();
      }
    });

    test("two servers on one database: each notification sent once", async () => {
      const smtp = await createTestSmtpServer({ onlyTo: handlers });
      const servers = [
        await startTestApp({ databaseUrl: database.url, mail: mailConfig(smtp) }),
        await startTestApp({ databaseUrl: database.url, mail: mailConfig(smtp) }),
      ];
      try {
        const count = 40;
        const stored = await Promise.all(
          Array.from({ length: count }, (_, index) =>
            submit(servers[index % 2] as TestApp, { comment: `Обращение ${index}` }),
          ),
        );
        await smtp.waitForMail(count, 20_000);
        await sleep(500);
        const subjects = smtp.received.map((mail) => mail.subject);
        assert.equal(subjects.length, count, "no notification sent twice");
        assert.deepEqual(
          new Set(subjects),
          new Set(stored.map((appeal) => `Новое обращение гражданина № ${appeal.number}`)),
        );
        const senders = servers.map(
          (site) =>
            site.logLines.filter((line) => line.includes("appeal notification sent")).length,
        );
        assert.equal((senders[0] ?? 0) + (senders[1] ?? 0), count);
      } finally {
        for (const site of servers) await site.close();
        await smtp.stop();
      }
    });
  });
}
