// Filling a reply template: only the named placeholders take the appeal's values; anything else
// in braces, even a name every JavaScript object has ({constructor}, {toString}), stays as typed.
import assert from "node:assert/strict";
import { test } from "node:test";
import { fillReplyTemplate } from "./reply-template-text.ts";

const appeal = {
  number: "А-2026-000086",
  created_at: "2026-11-02T09:00:00.000Z",
  registered_on: "2026-11-03",
  first_name: "Мария",
  last_name: "Петрова",
};

test("the named placeholders are filled", () => {
  assert.equal(
    fillReplyTemplate(
      "{lastName} {firstName}: № {number} от {receivedOn}, рег. {registeredOn}",
      appeal,
    ),
    "Петрова Мария: № А-2026-000086 от 02.11.2026, рег. 03.11.2026",
  );
});

test("an object's own names and unknown words stay as typed", () => {
  const typed =
    "{constructor} {toString} {valueOf} {hasOwnProperty} {isPrototypeOf} {propertyIsEnumerable} {toLocaleString} {unknown}";
  assert.equal(fillReplyTemplate(typed, appeal), typed);
});
