import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { appealFields, honeypotField } from "./appeal-fields.ts";
import { messages, normalizePhone, requiredMessage, validateAppeal } from "./appeal-schema.ts";
import { consentText, consentTextVersion } from "./consent-text.ts";
import { regionOptions } from "./regions.ts";

const valid = {
  first_name: "Иван",
  last_name: "Петров",
  email: "ivan@example.ru",
  phone: "+7 912 345-67-89",
  region: "43 - Кировская область",
  comment: "Текст обращения",
  consent: true,
};

describe("region list", () => {
  test("the subjects with codes 1–79, 83, 86, 87, 89–95 and 99, in code order", () => {
    const codes = regionOptions.map((option) => Number(option.split(" - ")[0]));
    const expected = [
      ...Array.from({ length: 79 }, (_, index) => index + 1),
      83,
      86,
      87,
      89,
      90,
      91,
      92,
      93,
      94,
      95,
      99,
    ];
    assert.deepEqual(codes, expected);
    for (const option of regionOptions) assert.match(option, /^[1-9]\d? - \S.+$/);
    assert.equal(new Set(regionOptions).size, regionOptions.length);
  });

  test("official names where the issue names them", () => {
    for (const option of [
      "1 - Республика Адыгея (Адыгея)",
      "43 - Кировская область",
      "77 - г. Москва",
      "78 - г. Санкт-Петербург",
      "83 - Ненецкий автономный округ",
      "86 - Ханты-Мансийский автономный округ — Югра",
      "87 - Чукотский автономный округ",
      "89 - Ямало-Ненецкий автономный округ",
      "90 - Запорожская область",
      "91 - Республика Крым",
      "92 - г. Севастополь",
      "93 - Донецкая Народная Республика",
      "94 - Луганская Народная Республика",
      "95 - Херсонская область",
      "99 - г. Байконур",
    ]) {
      assert.ok(regionOptions.includes(option), option);
    }
  });
});

describe("consent text", () => {
  test("refers to 152-ФЗ, has a version and the policy's address", () => {
    assert.match(consentText, /152-ФЗ «О персональных данных»/);
    assert.ok(consentTextVersion.length > 0);
  });
});

describe("validateAppeal", () => {
  test("a valid appeal passes, trimmed; a missing region becomes empty", () => {
    const { region: _region, ...withoutRegion } = valid;
    const result = validateAppeal({ ...withoutRegion, first_name: "  Иван ", comment: " Текст " });
    assert.deepEqual(result, {
      ok: true,
      value: { ...valid, region: "", comment: "Текст" },
    });
  });

  test("the fields, in the form's order", () => {
    assert.deepEqual(appealFields, [
      "first_name",
      "last_name",
      "email",
      "phone",
      "region",
      "comment",
      "consent",
    ]);
  });

  test("nothing filled: 'Это обязательное поле' for the six required fields, none for region", () => {
    const result = validateAppeal({
      first_name: "",
      last_name: "",
      email: "",
      phone: "",
      comment: "",
      region: "",
      consent: false,
    });
    assert.deepEqual(result, {
      ok: false,
      errors: {
        first_name: requiredMessage,
        last_name: requiredMessage,
        email: requiredMessage,
        phone: requiredMessage,
        comment: requiredMessage,
        consent: requiredMessage,
      },
    });
  });

  test("one message per field: the first problem", () => {
    const result = validateAppeal({ ...valid, first_name: "1".repeat(200) });
    assert.deepEqual(result, { ok: false, errors: { first_name: messages.firstName } });
  });

  test("wrong types are refused, not coerced", () => {
    const result = validateAppeal({
      ...valid,
      first_name: 1,
      email: true,
      comment: ["a"],
      consent: "on",
    });
    assert.deepEqual(result, {
      ok: false,
      errors: {
        first_name: messages.wrongType,
        email: messages.wrongType,
        comment: messages.wrongType,
        consent: messages.consent,
      },
    });
  });

  test("unknown fields go under _form; the honeypot is ignored", () => {
    assert.deepEqual(validateAppeal({ ...valid, extra: 1, other: 2 }), {
      ok: false,
      errors: { _form: "Неизвестные поля: extra, other" },
    });
    assert.equal(validateAppeal({ ...valid, [honeypotField]: "" }).ok, true);
  });

  test("names: letters of any alphabet with marks, spaces, hyphens, apostrophes, dots; 100 at most", () => {
    for (const name of [
      "Ёлкина",
      "Мамин-Сибиряк",
      "O'Neil",
      "Д’Артаньян",
      "Ван дер Берг",
      "ж".repeat(100),
      "Гөлназ Шәрәфетдинова", // Tatar
      "Ӑнтон Ҫӗмӗнов", // Chuvash
      "Ҥуурай", // Yakut
      "Хьамзат Цӏеев", // Chechen, with the palochka
      "Łukasz Żółć-Nowak", // Polish
      "Ἀλέξανδρος", // Greek with breathing and accent
      "გიორგი", // Georgian
      "Nguyễn Thị", // Vietnamese
      "J. R. R. Tolkien",
      "ж".repeat(100),
    ]) {
      const result = validateAppeal({ ...valid, last_name: name });
      assert.equal(result.ok, true, name);
      assert.equal(result.ok && result.value.last_name, name.normalize("NFC"), name);
    }
    for (const name of [
      "Иван_",
      "Ivan2",
      "'-'",
      "...",
      "ж".repeat(101),
      "<script>",
      "Иван😀",
      "Иван\u202e", // a right-to-left override
      "١٢٣", // Arabic-Indic digits are digits, not letters
    ]) {
      assert.deepEqual(
        validateAppeal({ ...valid, last_name: name }),
        { ok: false, errors: { last_name: messages.lastName } },
        name,
      );
    }
  });

  test("names are stored in NFC: a letter typed with a combining mark becomes one code point", () => {
    const typed = "Йо\u0301ван".normalize("NFD");
    const result = validateAppeal({
      ...valid,
      first_name: typed,
      last_name: "Zoë".normalize("NFD"),
    });
    assert.ok(result.ok);
    assert.equal(result.value.first_name, "Йо\u0301ван".normalize("NFC"));
    // Й composes to U+0419; Cyrillic о with an acute has no precomposed letter and stays two.
    assert.deepEqual([...result.value.first_name].slice(0, 3), ["Й", "о", "\u0301"]);
    assert.equal(result.value.last_name, "Zo\u00eb");
  });

  test("control characters are refused in every field; the comment keeps line breaks and tabs", () => {
    for (const field of ["first_name", "last_name", "email", "phone", "comment"] as const) {
      for (const bad of ["\u0000", "\u001b[31m", "\u007f", "\u0085", "\ud800"]) {
        const value = `${valid[field]}${bad}`;
        assert.deepEqual(
          validateAppeal({ ...valid, [field]: value }),
          { ok: false, errors: { [field]: messages.controlCharacters } },
          `${field}: ${JSON.stringify(value)}`,
        );
      }
    }
    const kept = validateAppeal({ ...valid, comment: "Строка\r\nвторая\tс табуляцией" });
    assert.ok(kept.ok);
    assert.equal(kept.value.comment, "Строка\r\nвторая\tс табуляцией");
    for (const field of ["first_name", "last_name"] as const) {
      assert.equal(validateAppeal({ ...valid, [field]: "Иван\nИван" }).ok, false, field);
    }
  });

  test("e-mail: a real address format, 254 characters at most", () => {
    for (const email of [
      "a@b.ru",
      "ivan.petrov+x@mail.kirov.ru",
      "иван@почта.рф",
      "a_b@xn--80a1acny.xn--p1ai",
    ]) {
      assert.equal(validateAppeal({ ...valid, email }).ok, true, email);
    }
    for (const email of [
      "ivan",
      "ivan@",
      "@mail.ru",
      "ivan@mail",
      "ivan@@mail.ru",
      ".ivan@mail.ru",
      "ivan.@mail.ru",
      "iv an@mail.ru",
      "ivan@mail..ru",
      "ivan@-mail.ru",
    ]) {
      assert.deepEqual(
        validateAppeal({ ...valid, email }),
        { ok: false, errors: { email: messages.email } },
        email,
      );
    }
  });

  test("comment: 5000 characters at most", () => {
    assert.equal(validateAppeal({ ...valid, comment: "я".repeat(5000) }).ok, true);
    assert.deepEqual(validateAppeal({ ...valid, comment: "я".repeat(5001) }), {
      ok: false,
      errors: { comment: messages.commentTooLong },
    });
  });

  test("region: empty or exactly an option", () => {
    assert.equal(validateAppeal({ ...valid, region: "" }).ok, true);
    for (const option of regionOptions)
      assert.equal(validateAppeal({ ...valid, region: option }).ok, true);
    for (const region of [
      "Выберите регион",
      "43",
      " 43 - Кировская область",
      "80 - Забайкальский край",
    ]) {
      assert.deepEqual(validateAppeal({ ...valid, region }), {
        ok: false,
        errors: { region: messages.region },
      });
    }
  });
});

describe("normalizePhone", () => {
  test("usual Russian writings -> +7XXXXXXXXXX", () => {
    const cases: Array<[string, string]> = [
      ["+7 912 345-67-89", "+79123456789"],
      ["+7 (912) 345-67-89", "+79123456789"],
      ["8 (912) 345 67 89", "+79123456789"],
      ["89123456789", "+79123456789"],
      ["79123456789", "+79123456789"],
      ["9123456789", "+79123456789"],
      ["+7-8332-64-12-34", "+78332641234"],
      ["8 (8332) 64-12-34", "+78332641234"],
      ["8.912.345.67.89", "+79123456789"],
      [" +7\u00a0912\u00a0345\u201167\u201189 ".replace(/\u2011/g, "-"), "+79123456789"],
    ];
    for (const [typed, normalised] of cases) assert.equal(normalizePhone(typed), normalised, typed);
  });

  test("anything else -> null", () => {
    for (const typed of [
      "",
      "64-12-34",
      "+1 212 555 0100",
      "+7 712 345 6789",
      "+44 20 7946 0958",
      "8 912 345 67",
      "8 912 345 67 890",
      "+7 912 345-67-89 доб. 5",
      "7+9123456789",
      "++79123456789",
    ]) {
      assert.equal(normalizePhone(typed), null, typed);
    }
  });
});

describe("the topic a page of the form chose (issue 29)", () => {
  test("the corruption report's topic is kept; none is no topic", () => {
    const chosen = validateAppeal({ ...valid, topic: "corruption-report" });
    assert.ok(chosen.ok);
    assert.equal(chosen.value.topic, "corruption-report");
    const none = validateAppeal(valid);
    assert.ok(none.ok);
    assert.equal(none.value.topic, undefined);
  });

  test("a topic staff give, or any other, is refused in words", () => {
    for (const topic of ["laboratory", "nonsense", 1]) {
      const result = validateAppeal({ ...valid, topic });
      assert.ok(!result.ok);
      assert.deepEqual(result.errors, { _form: messages.topic });
    }
  });
});
