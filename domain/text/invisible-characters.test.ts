import assert from "node:assert/strict";
import { test } from "node:test";
import { replaceInvisibleCharacters, withoutInvisibleCharacters } from "./invisible-characters.ts";

/** The rule as one regex over the whole text: what the scan must do, character by character. */
const rule = /[^\P{Cc}\n\t]|\p{Cf}|\p{Cs}|[\u2028\u2029]|\p{Noncharacter_Code_Point}/gu;
const shown = (character: string) => `<${character.codePointAt(0)?.toString(16)}>`;

test("every code point, and every half of a pair alone, is judged as the rule says", () => {
  const every = Array.from({ length: 0x110000 }, (_, point) =>
    point >= 0xd800 && point <= 0xdfff ? String.fromCharCode(point) : String.fromCodePoint(point),
  ).join("");
  assert.equal(replaceInvisibleCharacters(every, shown), every.replace(rule, shown));
});

test("pairs, halves and marks side by side are read as characters", () => {
  const texts = [
    "Оплачено \u202e12345 руб",
    "👨\u200d🌾 и 🏴\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f}",
    "\ud83d\ud83d\ude00\ude00", // a lone high half, a pair, a lone low half
    "a\u00adb\ufeffc\uffffd\u{10ffff}e\u2028f\tg\nh\u0085",
    "",
  ];
  for (const text of texts) {
    assert.equal(replaceInvisibleCharacters(text, shown), text.replace(rule, shown), text);
    assert.equal(withoutInvisibleCharacters(text), text.replace(rule, ""), text);
  }
  assert.equal(withoutInvisibleCharacters("Оплачено \u202e12345 руб"), "Оплачено 12345 руб");
});
