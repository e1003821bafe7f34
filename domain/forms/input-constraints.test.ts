import assert from "node:assert/strict";
import { test } from "node:test";
import { z } from "zod";
import { contactRowSchema, contactsContentSchema } from "../site-content/contacts-content.ts";
import { newsContentSchema } from "../site-content/news-content.ts";
import { individualPackageSchema, pricesContentSchema } from "../site-content/prices-content.ts";
import { sectionTextSchema } from "../site-content/section-texts-content.ts";
import { vacancySchema } from "../site-content/vacancies-content.ts";
import { answerFileLimits } from "../staff/answer-files.ts";
import { appealActionFormSchema } from "../staff/appeal-action-form.ts";
import { replyTemplateFormSchema } from "../staff/reply-template-form.ts";
import { inputConstraints } from "./input-constraints.ts";

test("a required text of the site's content: its limit, required (the .min(1) after trimming)", () => {
  assert.deepEqual(inputConstraints(vacancySchema.shape.title), { required: true, maxLength: 200 });
  assert.deepEqual(inputConstraints(contactsContentSchema, "address"), {
    required: true,
    maxLength: 300,
  });
  // The phone's own refinement does not hide its limit.
  assert.deepEqual(inputConstraints(contactsContentSchema, "phone"), {
    required: true,
    maxLength: 40,
  });
});

test("a text that may be empty: its limit, not required", () => {
  assert.deepEqual(inputConstraints(vacancySchema.shape.duties), {
    required: false,
    maxLength: 2000,
  });
  assert.deepEqual(inputConstraints(contactRowSchema.shape.fullName), {
    required: false,
    maxLength: 200,
  });
});

test("a markup text: the limit after its line breaks are made one, required", () => {
  assert.deepEqual(inputConstraints(sectionTextSchema.shape.text), {
    required: true,
    maxLength: 10_000,
  });
  assert.deepEqual(inputConstraints(newsContentSchema, "announcements", "text"), {
    required: true,
    maxLength: 20_000,
  });
});

test("a path steps through objects and arrays; under an optional or nullable part nothing is required", () => {
  assert.deepEqual(inputConstraints(contactsContentSchema, "groups", "rows", "title"), {
    required: true,
    maxLength: 200,
  });
  assert.deepEqual(inputConstraints(pricesContentSchema, "legalEntities", "sampling", "title"), {
    required: true,
    maxLength: 200,
  });
  // The extra service is nullable: its name is asked for only when it is there.
  assert.deepEqual(inputConstraints(individualPackageSchema, "extra", "name"), {
    required: false,
    maxLength: 200,
  });
  // So is an announcement's picture, and its description with it.
  assert.deepEqual(inputConstraints(newsContentSchema, "announcements", "image", "alt"), {
    required: false,
    maxLength: 1000,
  });
});

test("a staff form of a union: the first step is the form's discriminator", () => {
  assert.deepEqual(inputConstraints(appealActionFormSchema, "note", "note_text"), {
    required: true,
    maxLength: 5000,
  });
  assert.deepEqual(inputConstraints(appealActionFormSchema, "answer", "answer_text"), {
    required: true,
    maxLength: answerFileLimits.maxTextLength,
  });
  // Optional, then turned into null: the limit stays, nothing is required.
  assert.deepEqual(inputConstraints(appealActionFormSchema, "answer", "outgoing_number"), {
    required: false,
    maxLength: 50,
  });
  assert.deepEqual(inputConstraints(replyTemplateFormSchema, "save-template", "title"), {
    required: true,
    maxLength: 200,
  });
});

test("a regex that is a valid HTML pattern is given as one; one that is not, or a format, is not", () => {
  assert.deepEqual(inputConstraints(contactRowSchema.shape.extension), {
    required: false,
    pattern: "^(\\d{2,5})?$",
  });
  // A bare '-' in a class does not compile with the 'v' flag a browser gives a pattern.
  assert.deepEqual(inputConstraints(contactRowSchema.shape.id), { required: true });
  // An e-mail address: no pattern (the input's type checks it), required (no address is empty).
  assert.deepEqual(inputConstraints(contactRowSchema.shape.email), { required: true });
  const code = z.string().min(4).max(8).regex(/^\d+$/);
  assert.deepEqual(inputConstraints(code), {
    required: true,
    minLength: 4,
    maxLength: 8,
    pattern: "^\\d+$",
  });
  // Two regexes: no single pattern says both.
  assert.deepEqual(inputConstraints(z.string().regex(/^a/).regex(/b$/)), { required: true });
});

test("a preprocessed field is read on its output side; empty, then left out, it is not required", () => {
  const year = z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string()
      .regex(/^(19|20)\d\d$/)
      .transform(Number)
      .optional(),
  );
  assert.deepEqual(inputConstraints(year), { required: false, pattern: "^(19|20)\\d\\d$" });
});

test("a wrong call fails: a name the schema lacks, a field that is not text", () => {
  assert.throws(() => inputConstraints(contactsContentSchema, "fax"), /no «fax»/);
  assert.throws(() => inputConstraints(appealActionFormSchema, "reopen", "note_text"), /«reopen»/);
  assert.throws(() => inputConstraints(vacancySchema, "salary", "amount"), /not a text field/);
});
