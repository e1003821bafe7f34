import assert from "node:assert/strict";
import { test } from "node:test";
import {
  firstKeptDay,
  holdsPersonalData,
  recordedQuery,
  recordedQueryLength,
} from "./query-record.ts";

test("a query holding an e-mail is never counted", () => {
  for (const typed of [
    "ivanov@mail.ru",
    "ответ на ivanov@mail.ru",
    "ivanov＠mail.ru",
    "ivanov (at) mail.ru",
    "ivanov[собака]mail.ru",
    "@",
  ]) {
    assert.equal(recordedQuery(typed), undefined, typed);
  }
});

test("a query holding a phone or a person's number is never counted, whatever the separators", () => {
  for (const typed of [
    "+7 912 345-67-89",
    "8(8332)00-00-00",
    "позвонить 8 833 2",
    "снилс 123 456 789 00",
    "паспорт 33 12 345678",
    "инн 434500000000",
    "обращение 1234",
    "анализ почвы 2025",
    "１２３４５",
    "1-2-3-4-5",
  ]) {
    assert.equal(holdsPersonalData(typed), true, typed);
    assert.equal(recordedQuery(typed), undefined, typed);
  }
});

test("fewer than 5 digits and no run of 4 are kept: «ГОСТ 17.4», «кабинет 12»", () => {
  assert.equal(recordedQuery("ГОСТ 17.4"), "гост 17 4");
  assert.equal(recordedQuery("кабинет 12"), "кабинет 12");
  assert.equal(recordedQuery("ГОСТ 17.4.3"), "гост 17 4 3");
  assert.equal(recordedQuery("ГОСТ 17.4.3.01"), undefined, "5 digits");
  assert.equal(recordedQuery("123"), "123");
});

test("a kept query is folded, its words joined by single spaces", () => {
  assert.equal(recordedQuery("анализ почвы"), "анализ почвы");
  assert.equal(recordedQuery("  Анализ   ПОЧВЫ!  "), "анализ почвы");
  assert.equal(recordedQuery("Ёмкость, катионного — обмена?"), "емкость катионного обмена");
  assert.equal(recordedQuery("«СОУТ»"), "соут");
  // «ё» typed as «е» and a combining diaeresis (NFKC makes it «ё», folded to «е»).
  assert.equal(recordedQuery("е\u0308мкость"), "емкость");
});

test("a query without a word is not counted", () => {
  for (const typed of ["", "   ", "?!", "— …"]) assert.equal(recordedQuery(typed), undefined);
});

test(`at most ${recordedQueryLength} characters, of whole words`, () => {
  const word = "агрохимия";
  const recorded = recordedQuery(Array(30).fill(word).join(" "));
  assert.ok(recorded);
  assert.ok(recorded.length <= recordedQueryLength, String(recorded.length));
  assert.equal(recorded, Array(10).fill(word).join(" "));
  assert.equal(recordedQuery("а".repeat(150)), undefined, "a single word too long is not cut");
});

test("the counts are kept 13 months: the first kept day", () => {
  assert.equal(firstKeptDay("2026-11-28"), "2025-10-28");
  assert.equal(firstKeptDay("2027-01-15"), "2025-12-15");
  assert.equal(firstKeptDay("2027-03-31"), "2026-02-28");
  assert.equal(firstKeptDay("2029-03-30"), "2028-02-29");
});
