import assert from "node:assert/strict";
import { test } from "node:test";
import { markedChange, shortValueLength, type ValuePiece } from "./word-diff.ts";

/** A side as text: its marked runs in brackets. */
const shown = (pieces: readonly ValuePiece[]) =>
  pieces.map((piece) => (piece.marked ? `[${piece.text}]` : piece.text)).join("");

const duties =
  "Отбор проб почвы на полях хозяйств области, подготовка проб к анализу в лаборатории.";

test("in a long text only the words changed are marked, each side reading exactly as typed", () => {
  const after =
    "Отбор проб почвы и растений на полях хозяйств области, подготовка проб к анализу в лаборатории.";
  const change = markedChange(duties, after);
  assert.equal(shown(change.before), duties, "nothing deleted");
  assert.equal(
    shown(change.after),
    "Отбор проб почвы [и растений] на полях хозяйств области, подготовка проб к анализу в лаборатории.",
  );
  const replaced = markedChange(duties, duties.replace("анализу", "испытаниям"));
  assert.equal(shown(replaced.before), duties.replace("анализу", "[анализу]"));
  assert.equal(shown(replaced.after), duties.replace("анализу", "[испытаниям]"));
});

test("the sides keep their own spaces and line breaks; a mark holds no edge space", () => {
  const before = "Первая строка про отбор проб.\nВторая строка   про анализ почвы в лаборатории.";
  const after = "Первая строка про отбор проб.\nВторая строка   про анализ воды в лаборатории.";
  const change = markedChange(before, after);
  assert.equal(change.before.map((piece) => piece.text).join(""), before);
  assert.equal(change.after.map((piece) => piece.text).join(""), after);
  assert.deepEqual(
    change.after.filter((piece) => piece.marked).map((piece) => piece.text),
    ["воды"],
  );
});

test("a hyphenated word changed is one mark, not three", () => {
  const before = "Подготовка отчётов для хозяйств о чём-нибудь важном каждый квартал года.";
  const after = "Подготовка отчётов для хозяйств о кое-чём важном каждый квартал года.";
  const change = markedChange(before, after);
  assert.deepEqual(
    change.before.filter((piece) => piece.marked).map((piece) => piece.text),
    ["чём-нибудь"],
  );
  assert.deepEqual(
    change.after.filter((piece) => piece.marked).map((piece) => piece.text),
    ["кое-чём"],
  );
});

test("a short value (a salary, a phone) is marked whole: the old one deleted, the new inserted", () => {
  const change = markedChange("45\u00a0000\u00a0₽ в\u00a0месяц", "50\u00a0000\u00a0₽ в\u00a0месяц");
  assert.deepEqual(change.before, [{ text: "45\u00a0000\u00a0₽ в\u00a0месяц", marked: true }]);
  assert.deepEqual(change.after, [{ text: "50\u00a0000\u00a0₽ в\u00a0месяц", marked: true }]);
  assert.ok("45 000 ₽ в месяц".length <= shortValueLength);
  const phone = markedChange("(8332) 00-00-00", "(8332) 71-05-44");
  assert.equal(shown(phone.before), "[(8332) 00-00-00]");
  assert.equal(shown(phone.after), "[(8332) 71-05-44]");
});

test("a value added or removed is plain, «—» on the other side; texts with no word in common are marked whole", () => {
  assert.deepEqual(markedChange("", duties), {
    before: [],
    after: [{ text: duties, marked: false }],
  });
  assert.deepEqual(markedChange(duties, ""), {
    before: [{ text: duties, marked: false }],
    after: [],
  });
  const other = "Совсем иной текст: консультации агрономов, выезд специалиста, протоколы.";
  assert.equal(shown(markedChange(duties, other).before), `[${duties}]`);
  assert.equal(shown(markedChange(duties, other).after), `[${other}]`);
});

test("equal values: nothing is marked", () => {
  const same = markedChange(duties, duties);
  assert.deepEqual(same.before, [{ text: duties, marked: false }]);
  assert.deepEqual(same.after, same.before);
  assert.deepEqual(markedChange("", ""), { before: [], after: [] });
});

test("a word changed in a long announcement: the shared start and end stay plain and whole", () => {
  const sentence = "Приём проб почвы ведётся по рабочим дням с 8 до 17 часов. ";
  const half = sentence.repeat(2_000);
  const before = `${half}Срок анализа десять дней. ${half}`;
  const after = `${half}Срок анализа семь дней. ${half}`;
  const change = markedChange(before, after);
  assert.deepEqual(
    change.before.filter((piece) => piece.marked).map((piece) => piece.text),
    ["десять"],
  );
  assert.deepEqual(
    change.after.filter((piece) => piece.marked).map((piece) => piece.text),
    ["семь"],
  );
  assert.equal(change.after.map((piece) => piece.text).join(""), after);
  // Changed at the very start and end, the middle shared: both words marked, nothing else.
  const edges = markedChange(`Было ${half}конец`, `Стало ${half}финал`);
  assert.equal(shown(edges.after), `[Стало] ${half}[финал]`);
});
