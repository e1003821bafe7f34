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

const bulletLine = /^[-*]\s+(.*)$/;
const numberedLine = /^\d{1,3}[.)]\s+(.*)$/;

/**
 * Where a link may lead: the web, mail, a phone, or a page of this site ("/documents"); never
 * a script, data or another scheme.
 */
export function isSafeHref(href: string): boolean {
  return (
    /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(href) ||
    /^mailto:[^\s@]+@[^\s@]+$/i.test(href) ||
    /^tel:\+?[\d\-() ]{5,20}$/.test(href) ||
    /^\/(?!\/)[^\s]*$/.test(href)
  );
}

/** Links and bold in one line of text; anything not matching them whole is text. */
export function parseInline(text: string): MarkupInline[] {
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

/** The text as blocks: paragraphs and lists, in order. */
export function parseMarkup(text: string): MarkupBlock[] {
  const blocks: MarkupBlock[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | undefined;
  const endParagraph = () => {
    if (paragraph.length > 0) {
      blocks.push({ kind: "paragraph", inline: parseInline(paragraph.join(" ")) });
    }
    paragraph = [];
  };
  const endList = () => {
    if (list) {
      blocks.push({ kind: "list", ordered: list.ordered, items: list.items.map(parseInline) });
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
      // A line under a list item without a marker continues the item.
      list.items[list.items.length - 1] += ` ${line}`;
    } else {
      paragraph.push(line);
    }
  }
  endParagraph();
  endList();
  return blocks;
}

/** The words alone, blocks on lines of their own (a summary, a feed's text, a description). */
export function markupPlainText(blocks: readonly MarkupBlock[]): string {
  const inlineText = (inline: readonly MarkupInline[]) => inline.map((part) => part.text).join("");
  return blocks
    .map((block) =>
      block.kind === "paragraph"
        ? inlineText(block.inline)
        : block.items.map((item) => `— ${inlineText(item)}`).join("\n"),
    )
    .join("\n");
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
