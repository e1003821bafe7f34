import assert from "node:assert/strict";
import { test } from "node:test";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MarkedValue, markWords } from "./marked-words.ts";
import { markedChange } from "./word-diff.ts";

const before =
  "Отбор проб почвы на полях хозяйств области, подготовка проб к анализу в лаборатории.";
const after =
  "Отбор проб почвы и растений на полях хозяйств области, подготовка проб к испытаниям в лаборатории.";

const html = (pieces: Parameters<typeof MarkedValue>[0]["pieces"], kind: "deleted" | "inserted") =>
  renderToStaticMarkup(createElement(MarkedValue, { pieces, kind }));

test("deleted words are in <del>, inserted ones in <ins>, each said in words to a screen reader", () => {
  const change = markedChange(before, after);
  assert.equal(
    html(change.before, "deleted"),
    "Отбор проб почвы на полях хозяйств области, подготовка проб к " +
      '<span class="visually-hidden">удалено: </span>' +
      '<del class="staff-mark staff-mark--deleted">анализу</del>' +
      '<span class="visually-hidden"> (конец удалённого)</span> в лаборатории.',
  );
  const inserted = html(change.after, "inserted");
  assert.deepEqual(
    [...inserted.matchAll(/<ins[^>]*>([^<]*)<\/ins>/g)].map((match) => match[1]),
    ["и растений", "испытаниям"],
  );
  assert.equal(inserted.split(markWords.inserted.start).length - 1, 2, "«добавлено:» before each");
  assert.equal(inserted.split(markWords.inserted.end).length - 1, 2, "and where each ends");
  assert.doesNotMatch(inserted, /<del/);
});

test("a value changed whole: one mark, «удалено:» before it, no end word (the cell ends)", () => {
  const change = markedChange("45 000 ₽", "50 000 ₽");
  assert.equal(
    html(change.before, "deleted"),
    '<span class="visually-hidden">удалено: </span><del class="staff-mark staff-mark--deleted">45 000 ₽</del>',
  );
  assert.equal(
    html(change.after, "inserted"),
    '<span class="visually-hidden">добавлено: </span><ins class="staff-mark staff-mark--inserted">50 000 ₽</ins>',
  );
});

test("equal values render as plain text, nothing marked; an empty one as «—»", () => {
  const same = markedChange(before, before);
  assert.equal(html(same.before, "deleted"), before);
  assert.equal(html(same.after, "inserted"), before);
  assert.equal(html(markedChange("", "новое").before, "deleted"), "—");
});
