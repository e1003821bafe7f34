import assert from "node:assert/strict";
import { test } from "node:test";
import { cleanFileName, maxFileNameLength, unnamedFile } from "./submitted-file.ts";

test("every invisible and format character is removed: Cc, Cf, Zl, Zp", () => {
  const hidden = [
    "\u0000",
    "\u001f",
    "\u007f",
    "\u0085",
    "\u00ad", // soft hyphen (Cf)
    "\u061c", // Arabic letter mark (Cf)
    "\u180e", // Mongolian vowel separator (Cf)
    "\u200b",
    "\u200e",
    "\u202e", // right-to-left override
    "\u2028", // line separator (Zl)
    "\u2029", // paragraph separator (Zp)
    "\u2060", // word joiner (Cf)
    "\u2066",
    "\ufeff",
    "\u{e0041}", // a tag character (Cf, outside the BMP)
  ];
  for (const character of hidden) {
    const code = character.codePointAt(0)?.toString(16);
    assert.equal(cleanFileName(`отв${character}ет.pdf`), "ответ.pdf", `U+${code}`);
  }
  assert.equal(cleanFileName("\u202egpj.exe"), "gpj.exe");
});

test("a long name is cut between characters, never inside a surrogate pair, its end kept", () => {
  const name = cleanFileName(`${"😀".repeat(200)}.docx`);
  assert.ok(name.isWellFormed(), "no lone surrogate");
  assert.equal(Array.from(name).length, maxFileNameLength);
  assert.ok(name.endsWith(".docx"));
  assert.equal(cleanFileName(`${"ж".repeat(400)}.pdf`).length, maxFileNameLength);
});

test("folders, leading dots and blanks go; nothing left is 'файл'", () => {
  assert.equal(cleanFileName("C:\\Users\\anna\\письмо.pdf"), "письмо.pdf");
  assert.equal(cleanFileName("../../etc/passwd"), "passwd");
  assert.equal(cleanFileName(" ..скрытый.pdf "), "скрытый.pdf");
  assert.equal(cleanFileName("\u200b\u2028"), unnamedFile);
  assert.equal(cleanFileName(""), unnamedFile);
  // Composed the one way: a name typed on macOS (NFD) reads the same as on Windows (NFC).
  assert.equal(cleanFileName("и\u0306.pdf"), "й.pdf");
});
