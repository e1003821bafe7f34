// Mails to staff show a citizen's invisible and bidi control characters visibly escaped, as the
// staff pages, the CSV and the operators' list do (issue 20): a U+202E in a comment must not
// reverse what the handlers read ('Оплачено ‮12345 руб' shown as 'Оплачено 54321 бур').
import assert from "node:assert/strict";
import { test } from "node:test";
import type { RegistryAppeal } from "../../domain/staff/registry-types.ts";
import type { StoredAppeal } from "../db/appeals-repository.ts";
import { composeAppealMail } from "./appeal-mail.ts";
import { composeReminderMail } from "./reminder-mail.ts";

const override = "\u202e";
const appeal: StoredAppeal = {
  id: "4b1c0f7e-0000-4000-8000-000000000002",
  number: "А-2026-000124",
  created_at: "2026-11-02T12:00:00.000Z",
  first_name: `Анна${override}`,
  last_name: `Петрова\u200b`,
  email: "anna@example.ru",
  phone: "+7 (912) 345-67-89",
  phone_normalized: "+79123456789",
  region: "",
  comment: `Оплачено ${override}12345 руб`,
  consent: true,
  consent_at: "2026-11-02T12:00:00.000Z",
  consent_text_version: "2026-11-01",
  client_ip: "203.0.113.5",
  user_agent: "Mozilla/5.0",
};

test("the appeal mail shows U+202E and U+200B as \\u{…} in its text and its HTML", () => {
  const mail = composeAppealMail(appeal);
  for (const body of [mail.text, mail.html]) {
    assert.ok(!body.includes(override), "no bidi override reaches the mail");
    assert.ok(!body.includes("\u200b"));
    assert.ok(body.includes("Оплачено \\u{202e}12345 руб"), body);
    assert.ok(body.includes("Анна\\u{202e}"));
    assert.ok(body.includes("Петрова\\u{200b}"));
  }
});

test("the daily reminder lists no name, so none of a name's characters reach it", () => {
  const registryAppeal = {
    ...appeal,
    state: "registered",
    registered_on: "2026-11-02",
    extension_days: 0,
    extension_reason: null,
    forwarded_to: null,
    forwarded_on: null,
    answered_on: null,
    without_answer_ground: null,
    notice_sent_on: null,
    assignee: null,
    version: 1,
  } as unknown as RegistryAppeal;
  const mail = composeReminderMail("2026-12-10", [
    {
      appeal: registryAppeal,
      deadline: { kind: "answer", due: "2026-12-02", state: "overdue" },
    },
  ] as Parameters<typeof composeReminderMail>[1]);
  for (const body of [mail.text, mail.html]) {
    assert.ok(!body.includes(override));
    assert.ok(!body.includes("Петрова") && !body.includes("Анна"), body);
    assert.ok(body.includes("А-2026-000124; Зарегистрировано; Ответ: до 02.12.2026"), body);
  }
});
