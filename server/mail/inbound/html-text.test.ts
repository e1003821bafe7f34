// Issue 46: HTML reduced to text, nothing loaded: what a registrar reads of an HTML-only message.
import assert from "node:assert/strict";
import { test } from "node:test";
import { htmlToText } from "./html-text.ts";

const cases: Array<[string, string, string]> = [
  ["paragraphs and breaks", "<p>Один</p><p>Два<br>Три</p>", "Один\n\nДва\nТри"],
  [
    "script, style, title, comment dropped",
    "<title>T</title><style>p{}</style><script>x()</script><!-- c --><p>Текст</p>",
    "Текст",
  ],
  ["an unclosed script hides the rest", "<p>до</p><script>alert(1)<p>после", "до"],
  [
    "images dropped, alt too",
    '<p>Фото: <img src="http://t.example/p.gif" alt="пиксель"></p>',
    "Фото:",
  ],
  [
    "a link keeps its address",
    '<a href="https://x.example/a?b=1&amp;c=2">здесь</a>',
    "здесь (https://x.example/a?b=1&c=2)",
  ],
  [
    "a link that is its address",
    '<a href="https://x.example">https://x.example</a>',
    "https://x.example",
  ],
  ["no javascript: address", '<a href="javascript:alert(1)">жми</a>', "жми"],
  ["entities", "&laquo;Агрохим&raquo; &amp; &#1040;&#x411; &nbsp;&mdash;&#0;", "«Агрохим» & АБ —"],
  ["quotes in attributes", '<p title="a > b">текст</p>', "текст"],
  ["a lone <", "3 < 5 и 5 > 3", "3 < 5 и 5 > 3"],
  ["table cells", "<table><tr><td>Адрес</td><td>Садовая, 5</td></tr></table>", "Адрес Садовая, 5"],
  ["lists", "<ul><li>раз</li><li>два</li></ul>", "– раз\n– два"],
  [
    "spaces collapse, lines stay",
    "<div>  много \n\n  пробелов  </div><div>строка</div>",
    "много пробелов\nстрока",
  ],
];

for (const [label, html, text] of cases) {
  test(label, () => assert.equal(htmlToText(html), text));
}
