import assert from "node:assert/strict";
import { test } from "node:test";
import { domainToASCII } from "node:url";
import { emailKey } from "./email-key.ts";

test("one mailbox written four ways is one key (the cap's bypass of issue 26)", () => {
  const keys = new Set(
    ["иван@почта.рф", "ИВАН@почта.рф", "Иван@ПОЧТА.РФ", "иван@xn--80a1acny.xn--p1ai"].map(emailKey),
  );
  assert.deepEqual([...keys], ["иван@xn--80a1acny.xn--p1ai"]);
});

test("the local part under full Unicode case folding, in NFC", () => {
  assert.equal(emailKey("STRASSE@example.ru"), emailKey("straße@example.ru"));
  assert.equal(emailKey("ẞ@example.ru"), emailKey("ss@example.ru"));
  assert.equal(emailKey("ΟΔΟΣ@example.ru"), emailKey("οδοσ@example.ru"));
  assert.equal(emailKey("\u212Aate@example.ru"), emailKey("kate@example.ru"));
  assert.equal(emailKey("ЁЖИК@example.ru"), emailKey("ёжик@example.ru"));
  // й as one code point and as и + combining breve.
  assert.equal(emailKey("\u0439@example.ru"), emailKey("\u0438\u0306@example.ru"));
  assert.notEqual(emailKey("ivan@example.ru"), emailKey("iwan@example.ru"));
});

test("the domain as url.domainToASCII writes it", () => {
  for (const domain of [
    "почта.рф",
    "ПОЧТА.РФ",
    "XN--80A1ACNY.XN--P1AI",
    "Example.RU",
    "straße.de",
  ]) {
    assert.equal(emailKey(`a@${domain}`), `a@${domainToASCII(domain)}`);
  }
});

test("whatever was typed gets a key, and a port or path is not read away", () => {
  assert.equal(emailKey("  Anna@Example.ru "), "anna@example.ru");
  assert.equal(emailKey("no address"), "no address");
  assert.notEqual(emailKey("a@b.ru:80"), emailKey("a@b.ru"));
  assert.notEqual(emailKey("a@b.ru/x"), emailKey("a@b.ru"));
});
