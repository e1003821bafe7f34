import assert from "node:assert/strict";
import { test } from "node:test";
import {
  isSafeHref,
  markupHtml,
  markupPlainText,
  parseInline,
  parseMarkup,
} from "./site-markup.ts";

test("paragraphs are separated by an empty line; lines of one paragraph are joined", () => {
  assert.deepEqual(parseMarkup("Первый абзац,\nего продолжение.\n\n\nВторой абзац."), [
    { kind: "paragraph", inline: [{ kind: "text", text: "Первый абзац, его продолжение." }] },
    { kind: "paragraph", inline: [{ kind: "text", text: "Второй абзац." }] },
  ]);
  assert.deepEqual(parseMarkup("  \n\r\n"), []);
});

test("lines starting with a dash or a star are a list, numbered lines a numbered one", () => {
  assert.deepEqual(parseMarkup("Сроки:\n- почва\n* вода\n  продолжение\n1. первый\n2) второй"), [
    { kind: "paragraph", inline: [{ kind: "text", text: "Сроки:" }] },
    {
      kind: "list",
      ordered: false,
      items: [[{ kind: "text", text: "почва" }], [{ kind: "text", text: "вода продолжение" }]],
    },
    {
      kind: "list",
      ordered: true,
      items: [[{ kind: "text", text: "первый" }], [{ kind: "text", text: "второй" }]],
    },
  ]);
  // A dash without a space after it is a word, not a list.
  assert.deepEqual(parseMarkup("-5 °C ночью"), [
    { kind: "paragraph", inline: [{ kind: "text", text: "-5 °C ночью" }] },
  ]);
});

test("bold and links are read inside a line; the rest stays text", () => {
  assert.deepEqual(
    parseInline(
      "Приём **до 1 марта**, бланк на [странице бланков](/applications) и [сайте](https://example.ru/a?b=1).",
    ),
    [
      { kind: "text", text: "Приём " },
      { kind: "bold", text: "до 1 марта" },
      { kind: "text", text: ", бланк на " },
      { kind: "link", href: "/applications", text: "странице бланков" },
      { kind: "text", text: " и " },
      { kind: "link", href: "https://example.ru/a?b=1", text: "сайте" },
      { kind: "text", text: "." },
    ],
  );
  assert.deepEqual(parseInline("**не закрыто и [нет ссылки]"), [
    { kind: "text", text: "**не закрыто и [нет ссылки]" },
  ]);
});

test("HTML and script links are shown as text, never as markup", () => {
  const attempts = [
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "[нажми](javascript:alert(1))",
    "[нажми](JaVaScRiPt:alert(1))",
    "[данные](data:text/html;base64,PHNjcmlwdD4=)",
    "[протокол](//evil.example/)",
    "[vb](vbscript:msgbox)",
  ];
  for (const attempt of attempts) {
    const blocks = parseMarkup(attempt);
    assert.equal(blocks.length, 1, attempt);
    const block = blocks[0];
    assert.equal(block?.kind, "paragraph");
    if (block?.kind !== "paragraph") continue;
    assert.ok(
      block.inline.every((part) => part.kind === "text"),
      `${attempt}: ${JSON.stringify(block.inline)}`,
    );
    assert.equal(markupPlainText(blocks), attempt);
    const html = markupHtml(blocks, "https://site.example");
    assert.doesNotMatch(html, /<(script|img)|href="(javascript|data|vbscript)/i, attempt);
  }
  assert.equal(
    markupHtml(parseMarkup('<b>жирный</b> & "кавычки"'), "https://site.example"),
    "<p>&lt;b&gt;жирный&lt;/b&gt; &amp; &quot;кавычки&quot;</p>",
  );
});

test("only web, mail, phone and the site's own addresses are links", () => {
  for (const href of [
    "https://example.ru",
    "http://example.ru/x",
    "HTTPS://EXAMPLE.ru/x",
    "https://пример.рф/путь",
    "mailto:a@b.ru",
    "tel:+78332000000",
    "/news/1",
    "/documents?year=2026#n2",
    // A backslash written as %5C stays in the path: the browser asks this site for it.
    "/%5Cevil",
  ]) {
    assert.ok(isSafeHref(href), href);
  }
  for (const href of [
    "javascript:alert(1)",
    "//example.ru",
    "ftp://example.ru",
    "https://",
    "data:x",
    "news",
  ]) {
    assert.ok(!isSafeHref(href), href);
  }
});

test("an address is judged by where a browser's URL parser takes it, not by how it begins", () => {
  // Each of these begins like one of the site's pages or like a web address, and a browser
  // leaves the site with it, or goes where the text does not say (issue 40).
  for (const href of [
    "/\\evil.example/x", // the parser reads \ as / in a web address: //evil.example/x
    "/\\\\evil",
    "/./\\evil",
    "/\t/evil.example", // tabs and line breaks are removed: //evil.example
    "/\n/evil.example",
    "/\r/evil.example",
    "/ /x",
    "https:evil.example", // no slashes: read against the page's address
    "https:/\\evil.example",
    "https://example.ru\\@evil.example",
    "https://bank.ru@evil.example/", // the host is evil.example
    "https://user:password@example.ru/",
    "https://exa mple.ru",
    "https://example.ru:99999/",
    "https://example.ru/\u0000",
    "https://example.ru/\u0085",
  ]) {
    assert.ok(!isSafeHref(href), JSON.stringify(href));
  }
  assert.deepEqual(parseInline("[сайт](/\\evil.example/x)"), [
    { kind: "text", text: "[сайт](/\\evil.example/x)" },
  ]);
});

test("thousands of unclosed marks are text, as typed", () => {
  for (const text of [
    "[".repeat(5000),
    "**".repeat(5000),
    "](".repeat(5000),
    "[x](".repeat(5000),
    "[x](a".repeat(5000),
    "[a*](".repeat(5000),
  ]) {
    assert.deepEqual(parseInline(text), [{ kind: "text", text }], text.slice(0, 12));
  }
  assert.deepEqual(parseInline(`${"[".repeat(5000)}] [сайт](/news) и ${"**".repeat(3)}x**`), [
    { kind: "text", text: `${"[".repeat(5000)}] ` },
    { kind: "link", href: "/news", text: "сайт" },
    { kind: "text", text: " и ****" },
    { kind: "bold", text: "x" },
  ]);
  assert.deepEqual(parseInline("[a**](b[a**](b"), [
    { kind: "text", text: "[a" },
    { kind: "bold", text: "](b[a" },
    { kind: "text", text: "](b" },
  ]);
  const spaced = `- ${" ".repeat(5000)}a\u2028b`;
  assert.deepEqual(parseMarkup(spaced), [
    { kind: "paragraph", inline: [{ kind: "text", text: spaced }] },
  ]);
});

test("the feed's HTML: lists, bold, links made absolute, text escaped", () => {
  const blocks = parseMarkup(
    "**Важно:** см. [бланки](/applications).\n\n- один\n- два < три\n\n1. раз",
  );
  assert.equal(
    markupHtml(blocks, "https://agro.example"),
    '<p><strong>Важно:</strong> см. <a href="https://agro.example/applications">бланки</a>.</p>' +
      "<ul><li>один</li><li>два &lt; три</li></ul><ol><li>раз</li></ol>",
  );
  assert.equal(markupPlainText(blocks), "Важно: см. бланки.\n— один\n— два < три\n— раз");
});
