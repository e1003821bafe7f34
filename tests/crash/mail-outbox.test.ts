// Real server processes (node server/main.ts) sharing one store mail each appeal once, also when
// they are killed with SIGKILL while the SMTP server is down and another process takes over.
// Needs the built site (npm run build).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import {
  killIfRunning as killServer,
  type ServerProcess as Server,
  startServer,
} from "../support/server-process.ts";
import { testDatabaseKinds } from "../support/test-databases.ts";
import { createTestSmtpServer } from "../support/test-smtp-server.ts";

async function submit(server: Server, index: number): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/users/appeals/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      first_name: "Пётр",
      last_name: "Почтовый",
      email: `mail-${index}@example.ru`,
      phone: "+7 912 345-67-89",
      region: "43 - Кировская область",
      comment: `Обращение ${index} для проверки почты.`,
      consent: true,
    }),
  });
  assert.equal(response.status, 201);
  return ((await response.json()) as { number: string }).number;
}

/** Waits until one of the servers' logs holds the pattern. */
async function waitForLog(servers: Server[], pattern: RegExp, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!servers.some((server) => pattern.test(server.output()))) {
    if (Date.now() > deadline) throw new Error(`no log line ${pattern}`);
    await sleep(20);
  }
}

for (const kind of testDatabaseKinds) {
  describe(`mail outbox across processes, ${kind.name}`, () => {
    test("two processes send each mail once; killed during an SMTP outage, a third sends the rest once", async (t) => {
      const database = await kind.create();
      const smtp = await createTestSmtpServer({ onlyTo: ["priemnaya@example.ru"] });
      const mailEnv = {
        SMTP_URL: smtp.url,
        APPEALS_NOTIFY_TO: "priemnaya@example.ru",
        MAIL_FROM: "noreply@example.ru",
        MAIL_RETRY_FIRST_WAIT_MS: "100",
        // A row held by a killed process is free again 8 s after its last renewal (the default
        // is 30 s). A live sender renews its lease every quarter of it while sending (decision
        // 0024); before renewals, 2 s did not outlast a send on a loaded 2-core machine, and the
        // other process then sent the same mail again.
        MAIL_LEASE_MS: "8000",
        // Only the appeals' notifications are counted here; the daily reminder has its own test.
        REMINDER_TIME: "off",
      };
      const servers: Server[] = [];
      const logs: Array<() => string> = [];
      const start = async () => {
        const server = await startServer(database.url, mailEnv);
        servers.push(server);
        logs.push(server.output);
      };
      try {
        await start();
        await start();
        const numbers = await Promise.all(
          Array.from({ length: 30 }, (_, index) => submit(servers[index % 2] as Server, index)),
        );

        await smtp.waitForMail(30, 20_000);
        // The two logs together record 30 sends (log lines reach us a moment after the mail).
        const sends = () =>
          servers.reduce(
            (sum, server) =>
              sum + (server.output().match(/appeal notification sent/g)?.length ?? 0),
            0,
          );
        const deadline = Date.now() + 5000;
        while (sends() < 30 && Date.now() < deadline) await sleep(20);
        const perProcess = servers.map(
          (server) => server.output().match(/appeal notification sent/g)?.length ?? 0,
        );
        assert.equal(sends(), 30);
        assert.equal(smtp.received.length, 30);

        // SMTP goes down; five more appeals are tried and wait; both processes die.
        await smtp.stop();
        for (let index = 30; index < 35; index += 1) {
          numbers.push(await submit(servers[0] as Server, index));
        }
        // Either process may have claimed them: both poll the same outbox.
        await waitForLog(servers, /appeal notification not sent/);
        for (const server of servers.splice(0)) await killServer(server);

        await smtp.start();
        await start();
        await smtp.waitForMail(35, 20_000);
        // The citizens' acknowledgements leave through the same outbox, on their own retries:
        // nothing is left waiting once they have gone too. Then no mail can come any more (a
        // sent row is not sent again, and the killed processes are gone): a mail sent twice is
        // in by now, however slowly the third process ran.
        type Health = { outbox: { pending: number; failed: number } };
        const healthOf = async () =>
          (await (await fetch(`${servers[0]?.baseUrl}/healthz`)).json()) as Health;
        let health = await healthOf();
        for (let tries = 0; health.outbox.pending > 0 && tries < 150; tries += 1) {
          await sleep(100);
          health = await healthOf();
        }
        const subjects = smtp.received.map((mail) => mail.subject);
        const summary = `${kind.name} mail: 30 appeals, sent ${perProcess.join(" + ")} by two processes; SMTP down, 5 more appeals, both killed; a third process after SMTP came back: received ${subjects.length} in all, ${new Set(subjects).size} distinct`;
        t.diagnostic(summary);
        console.log(summary);
        assert.deepEqual(health.outbox, { pending: 0, failed: 0, oldestPendingAt: null });
        assert.equal(subjects.length, 35, "no appeal mailed twice");
        assert.deepEqual(
          new Set(subjects),
          new Set(numbers.map((number) => `Новое обращение гражданина № ${number}`)),
        );
        for (const secret of ["Почтовый", "mail-1@", "priemnaya@", "345-67-89", "для проверки"]) {
          for (const log of logs) assert.ok(!log().includes(secret), `a log holds ${secret}`);
        }
      } finally {
        for (const server of servers) await killServer(server);
        await smtp.stop();
        await database.drop();
      }
    });
  });
}
