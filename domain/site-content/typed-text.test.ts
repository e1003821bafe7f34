import assert from "node:assert/strict";
import { test } from "node:test";
import { structureContentSchema } from "./structure-content.ts";
import { requiredText, typedText } from "./typed-text.ts";
import { checkVacancyValues, type VacancyFormValues } from "./vacancies-form.ts";

/** The first message a schema gives for `text`, or undefined when it takes it. */
const refusalOf = (schema: ReturnType<typeof typedText>, text: string) => {
  const parsed = schema.safeParse(text);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};

const vacancy = (duties: string): VacancyFormValues => ({
  id: "chemist",
  title: "Химик",
  salary: "45000",
  net: true,
  payments: "",
  experience: "",
  employment: "",
  schedule: "",
  hours: "",
  place: "",
  duties,
});

test("a vacancy's duties take the line breaks a browser posts (CR LF), kept as LF", () => {
  const checked = checkVacancyValues([vacancy("Анализ кормов;\r\nведение журналов.\r\n")]);
  assert.ok(checked.ok, JSON.stringify(checked));
  assert.equal(checked.content.vacancies[0]?.duties, "Анализ кормов;\nведение журналов.");
});

test("every multi-line text takes line breaks: the chart's description too", () => {
  assert.equal(typedText(100).parse("первая\r\nвторая\rтретья"), "первая\nвторая\nтретья");
  assert.equal(requiredText(100, "Пусто.").parse("  одна\r\nдве  "), "одна\nдве");
});

test("a refusal names the character and where it is: its line and its place in the line", () => {
  assert.equal(
    refusalOf(typedText(200), "первая\r\nвторая\r\nТекст с\u0007звонком"),
    "Уберите служебный знак U+0007 (BEL) в строке 3, позиция 8: он не виден, но мешает сохранить текст.",
  );
  assert.equal(
    refusalOf(typedText(200), "\u001Bначало"),
    "Уберите служебный знак U+001B (ESC) в строке 1, позиция 1: он не виден, но мешает сохранить текст.",
  );
  assert.equal(
    refusalOf(typedText(200), "конец\u007F"),
    "Уберите служебный знак U+007F (DEL) в строке 1, позиция 6: он не виден, но мешает сохранить текст.",
  );
  // Counted as a person sees them: a letter outside the BMP is one place, not two.
  assert.match(refusalOf(typedText(200), "𝔸\u0000") ?? "", /U\+0000 \(NUL\) в строке 1, позиция 2/);
});

test("the refusal reaches the field: the vacancy's duties, the structure's chart description", () => {
  const checked = checkVacancyValues([vacancy("строка\r\nещё\u000Cстрока")]);
  assert.ok(!checked.ok);
  assert.match(checked.errors.byField["v0.duties"] ?? "", /U\+000C \(FF\) в строке 2, позиция 4/);
  const chart = structureContentSchema.shape.chart.safeParse({
    sampleNotice: "",
    href: "/images/structure.svg",
    alt: "Схема:\r\nотделы\u0008",
  });
  assert.ok(!chart.success);
  assert.match(chart.error.issues[0]?.message ?? "", /U\+0008 \(BS\) в строке 2, позиция 7/);
});

test("a tab stays, as before", () => {
  assert.equal(typedText(100).parse("а\tб"), "а\tб");
});
