// Issue 40: the markup parser in one pass reads exactly what the regex parser it replaced read,
// on every input, and takes time in proportion to the text. The regex took quadratic time on an
// unclosed `[` repeated (190 ms for 20,000 characters, on a quiet core); an editor's valid text
// stalled the server for seconds.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  isSafeHref,
  type MarkupBlock,
  type MarkupInline,
  markupPlainText,
  markupPlainTextStart,
  parseInline,
  parseMarkup,
} from "./site-markup.ts";

/** The regex parser this replaced (a6be347), word for word but for the link rule, shared. */
function regexParseInline(text: string): MarkupInline[] {
  const parts: MarkupInline[] = [];
  const pattern = /\[([^\]\n]+)\]\(([^)\s]+)\)|\*\*([^*\n]+?)\*\*/g;
  let last = 0;
  const pushText = (value: string) => {
    if (value === "") return;
    const previous = parts.at(-1);
    if (previous?.kind === "text") previous.text += value;
    else parts.push({ kind: "text", text: value });
  };
  for (const match of text.matchAll(pattern)) {
    const [whole, linkText, href, bold] = match;
    pushText(text.slice(last, match.index));
    if (bold !== undefined) {
      parts.push({ kind: "bold", text: bold });
    } else if (linkText !== undefined && href !== undefined && isSafeHref(href)) {
      parts.push({ kind: "link", href, text: linkText.trim() || href });
    } else {
      pushText(whole);
    }
    last = match.index + whole.length;
  }
  pushText(text.slice(last));
  return parts;
}

/** The regex parser's blocks (a6be347), its list markers matched by one regex each. */
function regexParseMarkup(text: string): MarkupBlock[] {
  const bulletLine = /^[-*]\s+(.*)$/;
  const numberedLine = /^\d{1,3}[.)]\s+(.*)$/;
  const blocks: MarkupBlock[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | undefined;
  const endParagraph = () => {
    if (paragraph.length > 0) {
      blocks.push({ kind: "paragraph", inline: regexParseInline(paragraph.join(" ")) });
    }
    paragraph = [];
  };
  const endList = () => {
    if (list) {
      blocks.push({ kind: "list", ordered: list.ordered, items: list.items.map(regexParseInline) });
    }
    list = undefined;
  };
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    if (line === "") {
      endParagraph();
      endList();
      continue;
    }
    const bullet = bulletLine.exec(line);
    const numbered = bullet ? null : numberedLine.exec(line);
    const item = bullet?.[1] ?? numbered?.[1];
    if (item !== undefined) {
      const ordered = numbered !== null;
      endParagraph();
      if (list && list.ordered !== ordered) endList();
      list ??= { ordered, items: [] };
      list.items.push(item);
    } else if (list) {
      list.items[list.items.length - 1] += ` ${line}`;
    } else {
      paragraph.push(line);
    }
  }
  endParagraph();
  endList();
  return blocks;
}

/** A small deterministic generator (mulberry32): the same texts on every run. */
function randomOf(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// The characters the grammar turns on, and some it must not: spaces of other kinds (`\s`), a line
// separator (not `.`), a tab, a backslash, the start of a safe and of an unsafe address.
const pieces = [
  "[",
  "]",
  "(",
  ")",
  "*",
  "**",
  "](",
  "[x](",
  "a",
  "б",
  " ",
  " ",
  "\n",
  "\n\n",
  "\t",
  "\u00a0",
  "\u2028",
  "\u3000",
  "/",
  "/news",
  "https://example.ru",
  "javascript:x",
  "\\",
  "- ",
  "* ",
  "1. ",
  "2) ",
  "-",
  "12",
];

/** Texts of up to `size` pieces in any order. */
function randomTexts(count: number, size: number, seed: number): string[] {
  const random = randomOf(seed);
  return Array.from({ length: count }, () =>
    Array.from(
      { length: Math.floor(random() * size) },
      () => pieces[Math.floor(random() * pieces.length)],
    ).join(""),
  );
}

test("the one-pass parser reads 20,000 random texts exactly as the regex parser did", () => {
  for (const text of randomTexts(20_000, 30, 40)) {
    assert.deepEqual(parseInline(text), regexParseInline(text), JSON.stringify(text));
    assert.deepEqual(parseMarkup(text), regexParseMarkup(text), JSON.stringify(text));
  }
});

// Each worst case the size of an announcement (20,000 characters): the regex parser still
// answers there, slowly, so both can be compared.
const fill = (unit: string, length: number) => unit.repeat(Math.floor(length / unit.length));
const worstCases = (length: number) => ({
  "unclosed [": fill("[", length),
  "[ and a word": fill("[a", length),
  "unclosed **": fill("**", length),
  "*a": fill("*a", length),
  "](": fill("](", length),
  "[x]( unclosed": fill("[x](", length),
  "[x](a unclosed": fill("[x](a", length),
  "[ ] ( ) * mixed": fill("[a**](b", length),
  "[ before a closed link": `${fill("[", length - 20)}[x](/news)`,
  "** before a closed bold": `${fill("**", length - 20)}**жирный**`,
  "a list marker, spaces and a line separator": `- ${" ".repeat(length - 6)}a\u2028b`,
  "a numbered marker, spaces and a line separator": `1. ${" ".repeat(length - 7)}a\u2028b`,
});

test("the worst texts of an announcement's length read as the regex parser read them", () => {
  for (const [name, text] of Object.entries(worstCases(5000))) {
    assert.deepEqual(parseMarkup(text), regexParseMarkup(text), name);
  }
});

test("the start of the plain text is the start of the whole text's, at every length", () => {
  const texts = [...randomTexts(3000, 30, 41), ...Object.values(worstCases(2000))];
  for (const text of texts) {
    const whole = markupPlainText(parseMarkup(text));
    for (const length of [0, 1, 2, 3, 5, 8, 13, 21, 34, 301, 5000]) {
      assert.equal(
        markupPlainTextStart(text, length),
        whole.slice(0, length),
        JSON.stringify(text),
      );
    }
  }
});

/** This thread's CPU time for `run`, in ms: what a busy neighbour's CPU does not inflate. */
function cpuMs(run: () => void): number {
  const before = process.threadCpuUsage();
  run();
  const spent = process.threadCpuUsage(before);
  return (spent.user + spent.system) / 1000;
}

test("each worst text of 400,000 characters parses in under 2 s of CPU", () => {
  // Time in proportion to the length: about 1–60 ms here on a busy core. The regex parser's time
  // grows with the square of the length: 190 ms for 20,000 characters, so 400,000 (20 times
  // more) cost it about 400 × 190 ms, over a minute, each.
  for (const [name, text] of Object.entries(worstCases(400_000))) {
    const ms = cpuMs(() => parseMarkup(text));
    assert.ok(ms < 2000, `${name}: ${ms.toFixed(0)} ms of CPU`);
  }
});
