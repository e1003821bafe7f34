import assert from "node:assert/strict";
import { test } from "node:test";
import { z } from "zod";
import { applyListChange, formErrorsOf, freeId, readListChange, rublesOf } from "./site-form.ts";

test("a list button names what it does, in which list, to which item", () => {
  assert.deepEqual(readListChange("add"), { kind: "add", list: "" });
  assert.deepEqual(readListChange("add:p1"), { kind: "add", list: "p1" });
  assert.deepEqual(readListChange("remove:3"), { kind: "remove", list: "", index: 3 });
  assert.deepEqual(readListChange("up:g2:0"), { kind: "up", list: "g2", index: 0 });
  for (const intent of ["save", "remove", "add:1", "down:x", "up:P1:0", "remove:1:2:3"]) {
    assert.equal(readListChange(intent), undefined, intent);
  }
});

test("a list changes by one item at a time, never past its limit or its ends", () => {
  const make = (taken: readonly { id: string }[]) => ({ id: freeId("item", taken) });
  const list = [{ id: "a" }, { id: "item-3" }];
  const ids = (items: { id: string }[]) => items.map((item) => item.id).join(",");
  assert.equal(
    ids(applyListChange(list, { kind: "add", list: "" }, { max: 3, make })),
    "a,item-3,item-4",
  );
  assert.equal(ids(applyListChange(list, { kind: "add", list: "" }, { max: 2, make })), "a,item-3");
  assert.equal(
    ids(applyListChange(list, { kind: "up", list: "", index: 0 }, { max: 3, make })),
    "a,item-3",
  );
  assert.equal(
    ids(applyListChange(list, { kind: "down", list: "", index: 0 }, { max: 3, make })),
    "item-3,a",
  );
  assert.equal(
    ids(applyListChange(list, { kind: "remove", list: "", index: 5 }, { max: 3, make })),
    "a,item-3",
  );
});

test("roubles are read with spaces, the sign or 'руб.'; other text is kept to be refused", () => {
  assert.equal(rublesOf("2 106 ₽"), 2106);
  assert.equal(rublesOf("996 руб."), 996);
  assert.equal(rublesOf("две тысячи"), "две тысячи");
  assert.equal(rublesOf("1,5"), "1,5");
});

test("a schema's complaints become messages by field, the rest general, the first one kept", () => {
  const schema = z
    .object({ rows: z.array(z.object({ name: z.string().min(1, "Пусто.").max(2, "Длинно.") })) })
    .refine(() => false, "Целиком не так.");
  const parsed = schema.safeParse({ rows: [{ name: "" }, { name: "abc" }] });
  assert.ok(!parsed.success);
  const errors = formErrorsOf(parsed.error.issues, ([list, index, field]) =>
    list === "rows" ? `r${String(index)}.${String(field)}` : undefined,
  );
  assert.deepEqual(errors.byField, { "r0.name": "Пусто.", "r1.name": "Длинно." });
});
