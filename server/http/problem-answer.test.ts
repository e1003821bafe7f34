import assert from "node:assert/strict";
import { test } from "node:test";
import { escapeHtml, refusalMessage } from "./problem-answer.ts";

test("a message put into a refusal page is text, never markup", () => {
  assert.equal(
    escapeHtml(`<script>alert("x")</script> & 'y'`),
    "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;",
  );
});

test("one mapping of a refused body's status to its message", () => {
  const messages = { tooLarge: "велико", unsupportedType: "не тот тип", badRequest: "неверно" };
  assert.deepEqual(
    [413, 415, 400, 408].map((status) => refusalMessage(status, messages)),
    ["велико", "не тот тип", "неверно", "неверно"],
  );
});
