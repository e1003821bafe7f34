/**
 * A served page's searchable words (issue 29): the text of its <main> as the visitor reads it,
 * tags, scripts and styles left out (the top bar, the menu and the footer are outside <main>),
 * the entities React writes decoded; and its heading for the title.
 */

const named: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  laquo: "«",
  raquo: "»",
  mdash: "—",
  ndash: "–",
  hellip: "…",
};

/** Decodes the entities of HTML text (numeric and the common named ones). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X"
          ? Number.parseInt(name.slice(2), 16)
          : Number.parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return named[name.toLowerCase()] ?? entity;
  });
}

/** HTML as plain text: elements without words dropped, every tag a space, spaces collapsed. */
function htmlText(html: string): string {
  const text = html
    .replace(/<(script|style|template|svg|noscript)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<[^>]*>/g, " ");
  return decodeEntities(text).replace(/\s+/g, " ").trim();
}

/** The page's heading (its first <h1>, else its <title>) and the text of its <main>. */
export function pageText(html: string): { title: string; text: string } {
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/i.exec(html)?.[1] ?? "";
  const heading = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(main)?.[1];
  const title =
    heading !== undefined
      ? htmlText(heading)
      : htmlText(/<title>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? "");
  return { title, text: htmlText(main) };
}
