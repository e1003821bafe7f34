import assert from "node:assert/strict";
import { test } from "node:test";
import { lastNumberOf } from "./news-content.ts";
import {
  type AnnouncementFormValues,
  announcementErrorKey,
  imageOffIntent,
  imageUploadName,
  lastNumberField,
  type NewsFormValues,
  newsForm,
} from "./news-form.ts";
import { factsTextOf } from "./site-files.ts";

const href = "/files/01a21c53-5aba-7d4d-b079-0d057a505007/vhod.jpg";
const photo = factsTextOf({ format: "JPEG", bytes: 1903, warnings: [], width: 120, height: 80 });

const announcement = (changes: Partial<AnnouncementFormValues> = {}): AnnouncementFormValues => ({
  id: "1",
  title: "Пункт приёма проб",
  date: "25.11.2026",
  text: "Принимаем пробы.",
  imageHref: "",
  imageFile: "",
  imageAlt: "",
  ...changes,
});

const values = (changes: Partial<AnnouncementFormValues> = {}): NewsFormValues => ({
  lastNumber: "1",
  announcements: [announcement(changes)],
});

/** Where the form shows announcement 1's (first in the list) error of `field`. */
const at = (field: string) => announcementErrorKey(0, "1", field);

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
  assert.deepEqual(newsForm.valuesOf(checked.content).announcements[0], {
    ...announcement(),
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
    refused({ imageHref: href, imageFile: photo })[at("imageAlt")] ?? "",
    /^Опишите картинку словами/,
  );
  assert.match(refused({ imageAlt: "Вход" })[at("imageHref.upload")] ?? "", /^Загрузите картинку/);
  const pdf = factsTextOf({ format: "PDF", bytes: 100, warnings: [] });
  assert.equal(
    refused({ imageHref: href.replace(".jpg", ".pdf"), imageFile: pdf, imageAlt: "Вход" })[
      at("imageHref.upload")
    ],
    "Картинка объявления — это JPEG, PNG или WEBP.",
  );
  assert.equal(newsForm.place(at("imageHref.upload")).id, "announcement-0-imageHref-upload");
  assert.equal(newsForm.place(at("imageAlt")).id, "announcement-0-imageAlt");
  assert.equal(newsForm.place(at("imageAlt")).label, "Объявление 1, описание картинки");
  // The summary names an announcement by its number, not by its place in the list.
  assert.equal(
    newsForm.place(announcementErrorKey(0, "7", "title")).label,
    "Объявление 7, заголовок",
  );
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
  assert.equal(attached?.announcements[0]?.imageHref, href);
  assert.equal(attached?.announcements[0]?.imageFile, photo);
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
    assert.match(checked.errors.byField[at("date")] ?? "", /^Укажите дату/, date);
  }
  assert.equal(
    (
      newsForm.check(values({ date: "01.01.0000" })) as {
        errors: { byField: Record<string, string> };
      }
    ).errors.byField[at("date")],
    "Укажите дату между 1900 и 2100 годом.",
  );
  for (const date of ["01.01.1900", "31.12.2100", "29.02.2028"]) {
    assert.ok(newsForm.check(values({ date })).ok, date);
  }
});

test("a new announcement takes the number after the highest ever given, never a freed one (issue 43)", () => {
  const two = newsForm.change(values(), "add");
  assert.deepEqual(
    two?.announcements.map((item) => item.id),
    ["2", "1"],
  );
  // The new one (first) removed: its number stays given, the next new one is 3.
  const removed = newsForm.change(two as NewsFormValues, "remove:0");
  assert.deepEqual(removed, { lastNumber: "2", announcements: [announcement()] });
  const three = newsForm.change(removed as NewsFormValues, "add");
  assert.deepEqual(
    three?.announcements.map((item) => item.id),
    ["3", "1"],
  );
  // Checked, the content keeps the highest number given, and the form reads it back.
  const saved = newsForm.check({
    ...(three as NewsFormValues),
    announcements: [announcement()],
  });
  assert.ok(saved.ok);
  assert.equal(saved.content.lastNumber, 3);
  assert.equal(newsForm.valuesOf(saved.content).lastNumber, "3");
  // Posted: the hidden field carries it; a number in the list above it counts too.
  const posted = new URLSearchParams({ ncount: "1", [lastNumberField]: "5", "n0.id": "9" });
  assert.equal(newsForm.change(newsForm.read(posted), "add")?.announcements[0]?.id, "10");
  posted.set("n0.id", "4");
  assert.equal(newsForm.change(newsForm.read(posted), "add")?.announcements[0]?.id, "6");
  // Content saved before issue 43 has no `lastNumber`: its highest number stands for it.
  assert.equal(lastNumberOf({ announcements: [{ id: "2" }, { id: "8" }] }), 8);
  posted.set(lastNumberField, "junk");
  assert.equal(newsForm.change(newsForm.read(posted), "add")?.announcements[0]?.id, "5");
});
