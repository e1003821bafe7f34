/**
 * The small markup staff type the site's texts in (issue 28): paragraphs separated by an empty
 * line, lists (lines starting with «- » or «* »; «1. » for a numbered one), links
 * `[words](https://…)` and bold `**words**`. Nothing else means anything: whatever else is typed
 * (HTML, a link to `javascript:`, an unclosed `**`) is text and is shown as typed. The result is
 * a tree the page renders with React (text is escaped there) and the feed writes with
 * `markupHtml` (escaped here); no text of it is ever put into a page as HTML.
 */

export type MarkupInline =
  | { kind: "text"; text: string }
  | { kind: "bold"; text: string }
  | { kind: "link"; href: string; text: string };

export type MarkupBlock =
  | { kind: "paragraph"; inline: MarkupInline[] }
  | { kind: "list"; ordered: boolean; items: MarkupInline[][] };

// A list item's marker and the spaces after it. What follows is the item, unless it holds a line
// break (the old `^[-*]\s+(.*)$`: `.` stops at one). Matched in two steps, the class run last in
// its pattern, so nothing backtracks over it: one regex did, quadratically, on a marker, 20,000
// spaces and a U+2028.
const bulletStart = /^[-*]\s+/;
const numberedStart = /^\d{1,3}[.)]\s+/;
const lineBreak = /[\n\r\u2028\u2029]/;

const itemAfter = (start: RegExp, line: string): string | undefined => {
  const marker = start.exec(line);
  if (!marker) return undefined;
  const item = line.slice(marker[0].length);
  return lineBreak.test(item) ? undefined : item;
};

/** What a page of this site resolves against when a site path is checked: any origin of ours. */
const siteBase = new URL("https://site.invalid/");

/** `new URL`, or nothing for what a browser could not follow either. */
function parsedUrl(href: string, base?: URL): URL | undefined {
  try {
    return new URL(href, base);
  } catch {
    return undefined;
  }
}

/**
 * Where a link may lead: the web, mail, a phone, or a page of this site ("/documents"); never
 * a script, data or another scheme. Judged by where a browser's URL parser takes it (issue 40):
 * `/\evil.example/x` begins with one slash, yet a browser reads the backslash as a slash and
 * leaves the site. So a site path must resolve to the site's own origin, a web address must
 * have a host (and no name and password before it: `https://bank.ru@evil.example` is not the
 * bank's), and nothing may be in it that the parser drops or rewrites unseen: whitespace and
 * control characters (tabs and line breaks are removed, `/\t/evil.example` leaves the site) and
 * backslashes.
 */
export function isSafeHref(href: string): boolean {
  if (/^mailto:/i.test(href)) return /^mailto:[^\s@]+@[^\s@]+$/i.test(href);
  if (/^tel:/i.test(href)) return /^tel:\+?[\d\-() ]{5,20}$/.test(href);
  if (/[\s\\\p{Cc}]/u.test(href)) return false;
  if (/^https?:\/\//i.test(href)) {
    const url = parsedUrl(href);
    return (
      url !== undefined &&
      (url.protocol === "https:" || url.protocol === "http:") &&
      url.hostname !== "" &&
      url.username === "" &&
      url.password === ""
    );
  }
  return href.startsWith("/") && parsedUrl(href, siteBase)?.origin === siteBase.origin;
}

/**
 * Where, from `from` on, the first character of the class `stops` is (the text's length if none):
 * one search of a single character class, which cannot backtrack. Asked with `from` never
 * decreasing, it reads each character at most once: an answer stands for every later `from` up
 * to it.
 */
function stopFinder(text: string, stops: RegExp) {
  let searchedFrom = 0;
  let stop = -1;
  return (from: number): number => {
    if (from < searchedFrom || from > stop) {
      stops.lastIndex = from;
      searchedFrom = from;
      stop = stops.exec(text)?.index ?? text.length;
    }
    return stop;
  };
}

const bracketClose = 0x5d; // ]
const parenOpen = 0x28; // (
const parenClose = 0x29; // )
const star = 0x2a; // *

/**
 * Links and bold in one line of text; anything not matching them whole is text. What the regex
 * of a link `\[([^\]\n]+)\]\(([^)\s]+)\)` or bold `\*\*([^*\n]+?)\*\*` found, global, read
 * in one pass: the leftmost match, a link before bold where both start. The regex took quadratic
 * time on text with many an unclosed `[` (each one scanned to the line's end): 190 ms for 20,000
 * characters (issue 40). Each of its runs ends at a fixed class of characters, so where one
 * ends is found once and kept for every start before it (`stopFinder`). With `wanted`, it stops
 * once the parts' text is at least that long: the start of the whole reading, for a summary.
 */
export function parseInline(text: string, wanted = Number.POSITIVE_INFINITY): MarkupInline[] {
  const parts: MarkupInline[] = [];
  let read = 0;
  const push = (part: MarkupInline) => {
    parts.push(part);
    read += part.text.length;
  };
  const pushText = (value: string) => {
    if (value === "") return;
    const previous = parts.at(-1);
    read += value.length;
    if (previous?.kind === "text") previous.text += value;
    else parts.push({ kind: "text", text: value });
  };
  const unit = (at: number) => text.charCodeAt(at);
  const linkTextEnd = stopFinder(text, /[\]\n]/g);
  const hrefEnd = stopFinder(text, /[)\s]/g);
  const boldEnd = stopFinder(text, /[*\n]/g);

  /** `[words](href)` starting at `at`: where it ends, its words and its address. */
  const linkAt = (at: number) => {
    if (at + 1 === text.length || unit(at + 1) === bracketClose) return undefined;
    const close = linkTextEnd(at + 1);
    if (close === at + 1 || unit(close) !== bracketClose || unit(close + 1) !== parenOpen) {
      return undefined;
    }
    const end = hrefEnd(close + 2);
    if (end === close + 2 || unit(end) !== parenClose) return undefined;
    const words = text.slice(at + 1, close);
    return { kind: "link" as const, end: end + 1, words, href: text.slice(close + 2, end) };
  };
  /** `**words**` starting at `at`: where it ends and its words. */
  const boldAt = (at: number) => {
    if (unit(at + 1) !== star || unit(at + 2) === star) return undefined;
    const close = boldEnd(at + 2);
    if (close === at + 2 || unit(close) !== star || unit(close + 1) !== star) return undefined;
    return { kind: "bold" as const, end: close + 2, words: text.slice(at + 2, close) };
  };

  // The next `[` and `*` that may start a match. A `[` whose link fails fails for where its words
  // end (`close`), which every `[` before that place shares: they are skipped with it.
  let last = 0;
  let nextOpen = text.indexOf("[");
  let nextStar = text.indexOf("*");
  while (nextOpen !== -1 || nextStar !== -1) {
    const isLink = nextStar === -1 || (nextOpen !== -1 && nextOpen < nextStar);
    const at = isLink ? nextOpen : nextStar;
    // Everything before `at` is text: enough of it ends the reading here.
    if (read + (at - last) >= wanted) {
      pushText(text.slice(last, at));
      return parts;
    }
    const found = isLink ? linkAt(at) : boldAt(at);
    if (found === undefined) {
      if (isLink) nextOpen = text.indexOf("[", linkTextEnd(at + 1) + 1);
      else nextStar = text.indexOf("*", at + 1);
      continue;
    }
    pushText(text.slice(last, at));
    if (found.kind === "bold") push({ kind: "bold", text: found.words });
    else if (isSafeHref(found.href)) {
      push({ kind: "link", href: found.href, text: found.words.trim() || found.href });
    } else pushText(text.slice(at, found.end));
    last = found.end;
    if (nextOpen !== -1 && nextOpen < last) nextOpen = text.indexOf("[", last);
    if (nextStar !== -1 && nextStar < last) nextStar = text.indexOf("*", last);
  }
  pushText(text.slice(last));
  return parts;
}

/** The text as blocks: paragraphs and lists, in order. */
export function parseMarkup(text: string): MarkupBlock[] {
  return [...blocksOf(text, (line) => parseInline(line))];
}

/**
 * The blocks one by one, each line of text read by `inline` when its block is complete: a reader
 * that needs only the start stops taking them.
 */
function* blocksOf(text: string, inline: (line: string) => MarkupInline[]) {
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | undefined;
  function* ended(): Generator<MarkupBlock> {
    if (paragraph.length > 0) yield { kind: "paragraph", inline: inline(paragraph.join(" ")) };
    paragraph = [];
    if (list) yield { kind: "list", ordered: list.ordered, items: list.items.map(inline) };
    list = undefined;
  }
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    if (line === "") {
      yield* ended();
      continue;
    }
    const bullet = itemAfter(bulletStart, line);
    const numbered = bullet === undefined ? itemAfter(numberedStart, line) : undefined;
    const item = bullet ?? numbered;
    if (item !== undefined) {
      const ordered = numbered !== undefined;
      if (paragraph.length > 0 || (list && list.ordered !== ordered)) yield* ended();
      list ??= { ordered, items: [] };
      list.items.push(item);
    } else if (list) {
      // A line under a list item without a marker continues the item.
      list.items[list.items.length - 1] += ` ${line}`;
    } else {
      paragraph.push(line);
    }
  }
  yield* ended();
}

/** The words alone, blocks on lines of their own (a summary, a feed's text, a description). */
export function markupPlainText(blocks: readonly MarkupBlock[]): string {
  return blocks.map(blockText).join("\n");
}

const inlineText = (inline: readonly MarkupInline[]) => inline.map((part) => part.text).join("");

const blockText = (block: MarkupBlock) =>
  block.kind === "paragraph"
    ? inlineText(block.inline)
    : block.items.map((item) => `— ${inlineText(item)}`).join("\n");

/**
 * `markupPlainText(parseMarkup(text)).slice(0, length)`, reading only as much of the text as
 * that takes: a list of 200 announcements shows the start of each, and parsed whole, 20,000
 * characters each, they cost the page hundreds of milliseconds (issue 40).
 */
export function markupPlainTextStart(text: string, length: number): string {
  let plain = "";
  let first = true;
  // Every line is read up to what is still missing: its start is the start of its whole reading.
  for (const block of blocksOf(text, (line) => parseInline(line, length - plain.length))) {
    plain += (first ? "" : "\n") + blockText(block);
    first = false;
    if (plain.length >= length) break;
  }
  return plain.slice(0, length);
}

const escapeHtml = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");

/**
 * The blocks as HTML (the Atom feed's entry content): every text escaped, links only the safe
 * addresses the parser kept, `siteOrigin` put before the site's own ones.
 */
export function markupHtml(blocks: readonly MarkupBlock[], siteOrigin: string): string {
  const inlineHtml = (inline: readonly MarkupInline[]) =>
    inline
      .map((part) => {
        if (part.kind === "text") return escapeHtml(part.text);
        if (part.kind === "bold") return `<strong>${escapeHtml(part.text)}</strong>`;
        const href = part.href.startsWith("/") ? `${siteOrigin}${part.href}` : part.href;
        return `<a href="${escapeHtml(href)}">${escapeHtml(part.text)}</a>`;
      })
      .join("");
  return blocks
    .map((block) => {
      if (block.kind === "paragraph") return `<p>${inlineHtml(block.inline)}</p>`;
      const tag = block.ordered ? "ol" : "ul";
      return `<${tag}>${block.items.map((item) => `<li>${inlineHtml(item)}</li>`).join("")}</${tag}>`;
    })
    .join("");
}
