// The legal notices on both stores with a real SMTP server: forwarding, the extension and each
// ground of leaving without an answer that requires telling the author send one mail each, with
// its template's words, written in the action's own transaction; a sent notice meets the notice
// term on the appeal.
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { defaultContacts } from "../../content/contacts.ts";
import {
  type NoticeKind,
  noticeKinds,
  noticeLabels,
  noticeTemplates,
} from "../../content/notice-templates.ts";
import { acknowledgementLimit } from "../../domain/appeals/acknowledgement-cap.ts";
import { withoutAnswerGrounds } from "../../domain/appeals/appeal-states.ts";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import { storeAppealIn } from "../../tests/support/staff-fixtures.ts";
import { startTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { type TestDatabase, testDatabaseKinds } from "../../tests/support/test-databases.ts";
import {
  createTestSmtpServer,
  type TestSmtpServer,
  testMailConfig,
} from "../../tests/support/test-smtp-server.ts";
import { createRegistryService } from "../staff/registry/registry-service.ts";
import { composeNoticeMail, fillTemplate } from "./notice-mail.ts";

const author = "author@example.ru";
/** A head: every action is hers. */
const anna = { login: "anna", role: "head" } as const;

test("every template names only known placeholders and fills in", () => {
  for (const kind of noticeKinds) {
    const { subject, body } = noticeTemplates[kind];
    assert.doesNotThrow(() => fillTemplate(subject + body, {}), kind);
    assert.ok(subject.includes("{number}"), `${kind}: the number in the subject`);
  }
  assert.throws(() => fillTemplate("{nmber}", {}), /unknown placeholder \{nmber\}/);
});

test("a notice is text in its HTML: a body's name with <script> stays text", () => {
  const mail = composeNoticeMail(
    "forwarded",
    {
      id: "x",
      seq: 1,
      number: "А-2026-000001",
      created_at: "2026-11-20T07:00:00.000Z",
      state: "forwarded",
      registered_on: "2026-11-20",
      extension_days: 0,
      without_answer_ground: null,
      notice_sent_on: null,
      assignee: null,
      last_name: "",
      first_name: "",
      email: author,
      comment_start: "",
      phone: "",
      phone_normalized: "",
      region: "",
      comment: "",
      consent_at: "2026-11-20T07:00:00.000Z",
      consent_text_version: "t",
      client_ip: "127.0.0.1",
      user_agent: null,
      extension_reason: null,
      forwarded_to: "<script>alert(1)</script>",
      forwarded_on: "2026-11-21",
      answered_on: null,
      topic: null,
      storage_term: null,
      closed_on: "2026-11-21",
      version: 2,
    },
    defaultContacts,
  );
  assert.ok(mail.text.includes("<script>alert(1)</script>"));
  assert.ok(!mail.html.includes("<script>"));
  assert.ok(mail.html.includes("&lt;script&gt;alert(1)&lt;/script&gt;"));
});

for (const kind of testDatabaseKinds) {
  describe(`${kind.name}: notices to the author`, () => {
    let database: TestDatabase;
    let smtp: TestSmtpServer;
    let site: TestApp;
    beforeEach(async () => {
      database = await kind.create();
      smtp = await createTestSmtpServer({ onlyTo: [author] });
      site = await startTestApp({
        databaseUrl: database.url,
        mail: testMailConfig(smtp),
      });
    });
    afterEach(async () => {
      await site?.close();
      await smtp?.stop();
      await database?.drop();
    });

    const today = () => kirovIsoDate(new Date());
    /** A registered appeal from the author; its acknowledgement is mailed and taken off the count. */
    async function registeredAppeal() {
      const stored = await storeAppealIn(
        site.data,
        new Date(Date.now() - 60_000),
        { state: "registered", registered_on: today() },
        { email: author },
      );
      return stored;
    }
    const registry = () => createRegistryService({ data: site.data });
    const noticeMails = () => smtp.received.filter((mail) => !mail.subject?.endsWith("получено"));

    test("forward, extend and each ground that requires it: one notice each, with its template's words", async () => {
      const expected: Array<{ notice: NoticeKind; number: string }> = [];
      const forwarded = await registeredAppeal();
      assert.deepEqual(
        await registry().changeAppeal(anna, forwarded.id, {
          intent: "forward",
          version: 1,
          forwarded_to: "Министерство сельского хозяйства Кировской области",
          forwarded_on: today(),
        }),
        { ok: true },
      );
      expected.push({ notice: "forwarded", number: forwarded.number });

      const extended = await registeredAppeal();
      assert.deepEqual(
        await registry().changeAppeal(anna, extended.id, {
          intent: "extend",
          version: 1,
          extension_days: 20,
          extension_reason: "запрос в лабораторию",
        }),
        { ok: true },
      );
      expected.push({ notice: "extended", number: extended.number });

      for (const ground of withoutAnswerGrounds) {
        const appeal = await registeredAppeal();
        assert.deepEqual(
          await registry().changeAppeal(anna, appeal.id, {
            intent: "leave-without-answer",
            version: 1,
            ground: ground.code,
          }),
          { ok: true },
        );
        if (ground.noticeRequired)
          expected.push({ notice: ground.code as NoticeKind, number: appeal.number });
      }

      // Seven appeals from one address: its acknowledgements stop at the day's limit.
      const acknowledgements = Math.min(
        2 + withoutAnswerGrounds.length,
        acknowledgementLimit.perAddress,
      );
      await smtp.waitForMail(acknowledgements + expected.length, 20_000);
      await sleep(500);
      const notices = noticeMails();
      assert.equal(notices.length, expected.length, "one notice each, none for a ground without");
      for (const { notice, number } of expected) {
        const mail = notices.find((sent) => sent.subject?.includes(number));
        assert.ok(mail, `${notice}: mailed`);
        assert.equal(mail.subject, noticeTemplates[notice].subject.replace("{number}", number));
        // The template's own words, from its first sentence to the law it cites.
        const words = noticeTemplates[notice].body.split("{")[0]?.trim() ?? "";
        assert.ok(mail.text?.includes(words.slice(0, 30)), `${notice}: ${mail.text}`);
        assert.match(mail.text ?? "", /59-ФЗ/);
        assert.match(mail.text ?? "", /Телефон: \(8332\)/);
      }
      const forwardMail = notices.find((sent) => sent.subject?.includes(forwarded.number));
      assert.match(forwardMail?.text ?? "", /Министерство сельского хозяйства Кировской области/);
      const extendMail = notices.find((sent) => sent.subject?.includes(extended.number));
      assert.match(extendMail?.text ?? "", /Причина продления: запрос в лабораторию/);

      // Staff see each mail to the author on the appeal's page, with its state.
      const page = await registry().getAppeal(anna, extended.id);
      assert.deepEqual(
        page?.authorMails.map((mail) => [mail.what, mail.status]),
        [
          ["Подтверждение получения", "sent"],
          [noticeLabels.extended, "sent"],
        ],
      );
    });

    test("a sent notice meets the notice term: recorded on the appeal, with its audit line", async () => {
      const appeal = await registeredAppeal();
      await registry().changeAppeal(anna, appeal.id, {
        intent: "leave-without-answer",
        version: 1,
        ground: "meaning_unclear",
      });
      await smtp.waitForMail(2);
      let stored = await site.data.appeals.findInRegistry(appeal.id);
      for (let tries = 0; !stored?.notice_sent_on && tries < 100; tries += 1) {
        await sleep(50);
        stored = await site.data.appeals.findInRegistry(appeal.id);
      }
      assert.equal(stored?.notice_sent_on, today());
      const audit = await site.data.audit.of(appeal.id);
      assert.deepEqual(audit.map((entry) => [entry.staff_login, entry.action]).slice(-1), [
        ["сайт", "notice-sent"],
      ]);
    });

    test("a notice whose insert fails leaves the action unmade", async () => {
      const { breakInserts, repairInserts } = await import("../../tests/support/broken-inserts.ts");
      const appeal = await registeredAppeal();
      await breakInserts(database.url, "deliveries");
      try {
        await assert.rejects(
          registry().changeAppeal(anna, appeal.id, {
            intent: "extend",
            version: 1,
            extension_days: 10,
            extension_reason: "запрос",
          }),
          /deliveries down/,
        );
      } finally {
        await repairInserts(database.url, "deliveries");
      }
      const unchanged = await site.data.appeals.findInRegistry(appeal.id);
      assert.deepEqual([unchanged?.extension_days, unchanged?.version], [0, 1]);
    });
  });
}
