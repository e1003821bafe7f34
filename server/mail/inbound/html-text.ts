/**
 * An HTML body reduced to plain text for a registrar to read (issue 46): one forward pass over the
 * string, nothing fetched or resolved, no script run. Hand-written because the libraries are not
 * linear on hostile markup: htmlparser2 (under `html-to-text`) took 8.3 s on 200,000 nested
 * unclosed <div> (2.6 MB of a message) and 14.2 s on `<div<div<div>` repeated as often; this pass
 * takes milliseconds on both (decision 0065). Scripts, styles, titles, templates, frames and
 * comments go with their content, images with their alt text; block elements become line breaks;
 * a link keeps its text and its web address written out; entities are decoded.
 */
import { decodeEntities } from "../../../domain/text/html-entities.ts";

/** Elements whose content is never text for a reader. */
const droppedWithContent = new Set([
  "script",
  "style",
  "title",
  "template",
  "noscript",
  "iframe",
  "object",
]);

/** Elements set apart by a blank line, as a browser's margins set them apart. */
const paragraphs = new Set(
  "address blockquote center dl figure h1 h2 h3 h4 h5 h6 hr ol p pre table ul".split(" "),
);
/** Elements that start and end a line. */
const lines = new Set(
  (
    "article aside caption dd div dt fieldset figcaption footer form header li main nav section " +
    "tbody tfoot thead tr br"
  ).split(" "),
);
/** Marks (private-use characters) where a line or a paragraph ends; a run of them becomes one break. */
const lineMark = "\ue000";
const paragraphMark = "\ue001";

const tagName = /[a-zA-Z][a-zA-Z0-9-]*/y;
/** Where each dropped element closes, found from where it opened. */
const closers = new Map(
  [...droppedWithContent].map((name) => [name, new RegExp(`</${name}[\\s/>]`, "gi")]),
);
const hrefAttribute = /\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/** Where the tag opened at `start` ends (the index after its `>`), or -1 when it never does. */
function tagEnd(html: string, start: number): number {
  let at = start;
  while (at < html.length) {
    const char = html[at];
    if (char === ">") return at + 1;
    if (char === '"' || char === "'") {
      const close = html.indexOf(char, at + 1);
      if (close < 0) return -1;
      at = close + 1;
    } else at += 1;
  }
  return -1;
}

/** A link's address worth writing out: the web and mail ones only. */
function shownAddress(tag: string): string | null {
  const match = hrefAttribute.exec(tag);
  const href = decodeEntities(match?.[1] ?? match?.[2] ?? match?.[3] ?? "").trim();
  return /^(https?:|mailto:)/i.test(href) ? href : null;
}

/** Text between tags: entities decoded, whitespace (no-break spaces too) one space. */
function textOf(run: string): string {
  return decodeEntities(run.replace(/[\ue000\ue001]/g, "")).replace(/[\s\u00a0]+/g, " ");
}

/** The text of `html`: paragraphs apart by a blank line, lines by a line break. */
export function htmlToText(html: string): string {
  const parts: string[] = [];
  /** Open links: where each one's text starts in `parts`, and its address. */
  const links: Array<{ from: number; href: string | null }> = [];
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf("<", at);
    if (open < 0) {
      parts.push(textOf(html.slice(at)));
      break;
    }
    if (open > at) parts.push(textOf(html.slice(at, open)));
    if (html.startsWith("<!--", open)) {
      const close = html.indexOf("-->", open + 4);
      if (close < 0) break;
      at = close + 3;
      continue;
    }
    const closing = html[open + 1] === "/";
    tagName.lastIndex = open + (closing ? 2 : 1);
    const name = tagName.exec(html)?.[0].toLowerCase();
    if (name === undefined && !/[!?]/.test(html[open + 1] ?? "")) {
      // A lone «<» is text.
      parts.push("<");
      at = open + 1;
      continue;
    }
    const end = tagEnd(html, open + 1);
    if (end < 0) break;
    at = end;
    if (name === undefined) continue;
    if (!closing && droppedWithContent.has(name)) {
      const closer = closers.get(name) as RegExp;
      closer.lastIndex = end;
      const found = closer.exec(html);
      if (!found) break;
      const after = tagEnd(html, found.index + 1);
      if (after < 0) break;
      at = after;
      continue;
    }
    if (paragraphs.has(name)) parts.push(paragraphMark);
    else if (lines.has(name)) parts.push(lineMark);
    else if (name === "td" || name === "th") parts.push(" ");
    if (!closing && name === "li") parts.push("– ");
    if (name === "a" && !closing)
      links.push({ from: parts.length, href: shownAddress(html.slice(open, end)) });
    if (name === "a" && closing) {
      const link = links.pop();
      const text = parts
        .slice(link?.from ?? parts.length)
        .join("")
        .trim();
      if (link?.href && link.href !== text) parts.push(` (${link.href})`);
    }
  }
  return tidy(parts.join(""));
}

/** Marks to breaks, spaces at the ends of lines gone, the whole trimmed. */
function tidy(text: string): string {
  return text
    .replace(/[ \t]*[\ue000\ue001][\ue000\ue001\s]*/g, (run) =>
      run.includes(paragraphMark) ? "\n\n" : "\n",
    )
    .replace(/ +\n/g, "\n")
    .replace(/\n +/g, "\n")
    .replace(/ {2,}/g, " ")
    .trim();
}
