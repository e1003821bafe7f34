import assert from "node:assert/strict";
import { test } from "node:test";
import { visibleText } from "./visible-text.ts";

test("bidi, zero-width and control characters are shown as \\u{…}; line breaks and tabs stay", () => {
  assert.equal(visibleText("Оплачено \u202e12345 руб"), "Оплачено \\u{202e}12345 руб");
  assert.equal(
    visibleText("a\u200bb\u2066c\u2069\u0007\u001b[2J"),
    "a\\u{200b}b\\u{2066}c\\u{2069}\\u{7}\\u{1b}[2J",
  );
  assert.equal(visibleText("строка 1\r\nстрока 2\tтаб"), "строка 1\nстрока 2\tтаб");
  assert.equal(visibleText("line\u2028sep"), "line\\u{2028}sep");
  assert.equal(visibleText("Обычный текст, ёЁ — «кавычки»"), "Обычный текст, ёЁ — «кавычки»");
});
