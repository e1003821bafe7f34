import assert from "node:assert/strict";
import { test } from "node:test";
import type { StoredAppeal } from "../db/appeals-repository.ts";
import { composeAppealMail } from "./appeal-mail.ts";

const appeal: StoredAppeal = {
  id: "4b1c0f7e-0000-4000-8000-000000000001",
  number: "А-2026-000123",
  // Monday 2 November 2026, 15:00 in Kirov.
  created_at: "2026-11-02T12:00:00.000Z",
  first_name: "Анна-Мария",
  last_name: "Д’Артаньян",
  email: "anna.maria@example.ru",
  phone: "+7 (912) 345-67-89",
  phone_normalized: "+79123456789",
  region: "43 - Кировская область",
  comment: 'Строка 1 & "кавычки"\n<script>alert(1)</script>',
  consent: true,
  consent_at: "2026-11-02T12:00:00.000Z",
  consent_text_version: "2026-11-01",
  client_ip: "203.0.113.5",
  user_agent: "Mozilla/5.0",
};

test("appeal mail: the number in the subject; fields, region, Kirov time and deadlines in the text", () => {
  const mail = composeAppealMail(appeal);
  assert.equal(mail.subject, "Новое обращение гражданина № А-2026-000123");
  for (const line of [
    "На сайте поступило обращение гражданина № А-2026-000123.",
    "Поступило: 02.11.2026, 15:00 по кировскому времени",
    // 4 November is a holiday, but the third day after receipt is the 5th.
    "— Зарегистрировать — не позднее 05.11.2026 (3 дня со дня поступления).",
    "— Ответить — 30 дней со дня регистрации: при регистрации в день поступления не позднее 02.12.2026.",
    "Фамилия: Д’Артаньян",
    "Имя: Анна-Мария",
    "Электронная почта: anna.maria@example.ru",
    "Телефон: +7 (912) 345-67-89",
    "Регион: 43 - Кировская область",
    "<script>alert(1)</script>",
    "Согласие на обработку персональных данных дано 02.11.2026, 15:00 по кировскому времени, версия текста согласия: 2026-11-01.",
  ]) {
    assert.ok(mail.text.split("\n").includes(line), `text lacks the line: ${line}\n${mail.text}`);
  }
  assert.match(mail.text, /при регистрации в день поступления не позднее 09\.11\.2026\./);
  assert.ok(!mail.text.includes("203.0.113.5"), "the client address is evidence, not news");
});

test("appeal mail: the HTML carries the citizen's text as text, never as markup", () => {
  const { html } = composeAppealMail(appeal);
  assert.ok(html.startsWith('<!DOCTYPE html><html lang="ru">'));
  assert.ok(!html.includes("<script"), html);
  assert.ok(html.includes("&lt;script&gt;alert(1)&lt;/script&gt;"));
  assert.ok(html.includes("Строка 1 &amp; &quot;кавычки&quot;"));
  assert.ok(html.includes("<td>43 - Кировская область</td>"));
  assert.ok(html.includes("не позднее 05.11.2026"));
});

test("appeal mail: no region chosen reads as such", () => {
  const mail = composeAppealMail({ ...appeal, region: "" });
  assert.ok(mail.text.includes("Регион: не указан"));
});
