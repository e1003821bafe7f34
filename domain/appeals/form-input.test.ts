import assert from "node:assert/strict";
import { test } from "node:test";
import { formEntriesToInput } from "./form-input.ts";

const read = (body: string) => formEntriesToInput(new URLSearchParams(body));

test("form entries: the checkbox's 'on' is true, its absence stays absent", () => {
  assert.deepEqual(read("consent=on&a=b"), { consent: true, a: "b" });
  assert.deepEqual(read("consent=true"), { consent: true });
  assert.deepEqual(read("consent="), { consent: false });
  assert.deepEqual(read("consent=yes+please"), { consent: "yes please" });
  assert.deepEqual(read("a=b"), { a: "b" });
});

test("form entries: a field given twice becomes a list (the schema refuses it), never the last value", () => {
  assert.deepEqual(read("first_name=%3Cscript%3E&first_name=Anna"), {
    first_name: ["<script>", "Anna"],
  });
  assert.deepEqual(read("consent=on&consent=on"), { consent: ["on", "on"] });
});

test("form entries: '__proto__' stays an ordinary field", () => {
  const input = read("__proto__=x");
  assert.equal(Object.getPrototypeOf(input), Object.prototype);
  assert.deepEqual(Object.keys(input), ["__proto__"]);
});

test("form entries: FormData and URLSearchParams are read the same way", () => {
  const form = new FormData();
  form.append("first_name", "Анна");
  form.append("first_name", "Мария");
  form.append("consent", "on");
  assert.deepEqual(
    formEntriesToInput(form.entries()),
    read("first_name=Анна&first_name=Мария&consent=on"),
  );
});
