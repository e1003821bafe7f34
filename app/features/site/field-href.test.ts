import assert from "node:assert/strict";
import { test } from "node:test";
import { siteContentDefaults } from "../../../content/site-content-defaults.ts";
import { placeholdersIn } from "../../../domain/site-content/site-placeholders.ts";
import { fieldHref } from "./field-href.ts";

test("every placeholder of the seed links to its own field, not to the editor's top", () => {
  const found = placeholdersIn(siteContentDefaults);
  assert.ok(found.length > 40);
  const hrefs = found.map((item) => fieldHref(item.page, item.path));
  for (const [index, href] of hrefs.entries()) {
    assert.match(href, /^\/staff\/site\/[a-z]+#[a-z0-9-]+$/i, `${found[index]?.path.join(".")}`);
  }
  assert.equal(new Set(hrefs).size, hrefs.length, "no two rows link to the same field");
  // The ids the editors give these fields (the e2e test follows one link to its field).
  assert.equal(fieldHref("contacts", ["phone"]), "/staff/site/contacts#contacts-phone");
  assert.equal(
    fieldHref("contacts", ["groups", 1, "rows", 2, "email"]),
    "/staff/site/contacts#g1r2-email",
  );
  assert.equal(
    fieldHref("contacts", ["legal", "groups", 0, "rows", 3, "value"]),
    "/staff/site/contacts#l0r3-value",
  );
  assert.equal(
    fieldHref("structure", ["director", "fullName"]),
    "/staff/site/structure#structure-fullName",
  );
  assert.equal(fieldHref("privacy", ["sections", 0, "text"]), "/staff/site/privacy#section-0-text");
});
