import assert from "node:assert/strict";
import { test } from "node:test";
import {
  type AnnouncementFormValues,
  imageOffIntent,
  imageUploadName,
  newsForm,
} from "./news-form.ts";
import { factsTextOf } from "./site-files.ts";

const href = "/files/01a21c53-5aba-7d4d-b079-0d057a505007/vhod.jpg";
const photo = factsTextOf({ format: "JPEG", bytes: 1903, warnings: [], width: 120, height: 80 });

const values = (changes: Partial<AnnouncementFormValues> = {}): AnnouncementFormValues[] => [
  {
    id: "1",
    title: "Пункт приёма проб",
    date: "25.11.2026",
    text: "Принимаем пробы.",
    imageHref: "",
    imageFile: "",
    imageAlt: "",
    ...changes,
  },
];

test("an announcement without a picture is as before", () => {
  const checked = newsForm.check(values());
  assert.ok(checked.ok);
  assert.deepEqual(checked.content.announcements[0]?.image, undefined);
});

test("a picture with its words is kept with its size, and read back into the form", () => {
  const checked = newsForm.check(values({ imageHref: href, imageFile: photo, imageAlt: "Вход" }));
  assert.ok(checked.ok);
  const image = checked.content.announcements[0]?.image;
  assert.deepEqual(image, {
    href,
    alt: "Вход",
    file: { format: "JPEG", bytes: 1903, warnings: [], width: 120, height: 80 },
  });
  assert.deepEqual(newsForm.valuesOf(checked.content)[0], {
    ...values()[0],
    date: "2026-11-25",
    imageHref: href,
    imageFile: photo,
    imageAlt: "Вход",
  });
});

test("a picture without words, words without a picture, a PDF as a picture: each refused where it is", () => {
  const refused = (changes: Partial<AnnouncementFormValues>) => {
    const checked = newsForm.check(values(changes));
    assert.ok(!checked.ok);
    return checked.errors.byField;
  };
  assert.match(
    refused({ imageHref: href, imageFile: photo })["n0.imageAlt"] ?? "",
    /^Опишите картинку словами/,
  );
  assert.match(refused({ imageAlt: "Вход" })[imageUploadName(0)] ?? "", /^Загрузите картинку/);
  const pdf = factsTextOf({ format: "PDF", bytes: 100, warnings: [] });
  assert.equal(
    refused({ imageHref: href.replace(".jpg", ".pdf"), imageFile: pdf, imageAlt: "Вход" })[
      imageUploadName(0)
    ],
    "Картинка объявления — это JPEG, PNG или WEBP.",
  );
  assert.equal(newsForm.place(imageUploadName(0)).id, "announcement-0-imageHref-upload");
  assert.equal(newsForm.place("n0.imageAlt").label, "Объявление 1, описание картинки");
});

test("the picture's input takes pictures only; a kept file goes to its announcement; «Убрать картинку» takes it off", () => {
  assert.deepEqual(newsForm.files?.accepts(imageUploadName(0))?.formats, ["JPEG", "PNG", "WEBP"]);
  assert.equal(newsForm.files?.accepts("n0.text"), undefined);
  const attached = newsForm.files?.attach(values(), imageUploadName(0), {
    href,
    fileName: "vhod.jpg",
    format: "JPEG",
    bytes: 1903,
    warnings: [],
    width: 120,
    height: 80,
  });
  assert.equal(attached?.[0]?.imageHref, href);
  assert.equal(attached?.[0]?.imageFile, photo);
  const off = newsForm.change(
    values({ imageHref: href, imageFile: photo, imageAlt: "Вход" }),
    imageOffIntent(0),
  );
  assert.deepEqual(off, values());
});

test("a day outside 1900–2100 or not in the calendar is refused beside the date (issue 40)", () => {
  for (const date of ["01.01.0000", "31.12.1899", "01.01.2101", "0000-01-01", "30.02.2026"]) {
    const checked = newsForm.check(values({ date }));
    assert.ok(!checked.ok, date);
    assert.match(checked.errors.byField["n0.date"] ?? "", /^Укажите дату/, date);
  }
  assert.equal(
    (
      newsForm.check(values({ date: "01.01.0000" })) as {
        errors: { byField: Record<string, string> };
      }
    ).errors.byField["n0.date"],
    "Укажите дату между 1900 и 2100 годом.",
  );
  for (const date of ["01.01.1900", "31.12.2100", "29.02.2028"]) {
    assert.ok(newsForm.check(values({ date })).ok, date);
  }
});
