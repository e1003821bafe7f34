/**
 * A served page's searchable words (issues 29 and 42): the text of its <main> as the visitor reads
 * it, one line per block (a paragraph, an item, a table's row), so a snippet's sentence never runs
 * from one element into the next; its name as the title and its <h2>/<h3> as headings (a field of
 * their own, weighed above the text). Left out: everything outside <main> (the bar, the menu, the
 * footer), and inside it what is not the page's own words — a form's fields, navigation (the services' tabs,
 * sub-section links, breadcrumbs), tab lists, a table's header row, text only a screen reader hears
 * or that is hidden from it, a link's address printed for paper, scripts, styles and pictures.
 */
import { decodeEntities } from "../../domain/text/html-entities.ts";

/** Opening tags of elements whose words are not the page's own text. */
const leftOut = [
  /<(nav)\b[^>]*>/gi,
  /<(form|select)\b[^>]*>/gi,
  /<(thead)\b[^>]*>/gi,
  /<(h1)\b[^>]*>/gi,
  /<([a-z][a-z0-9]*)\b[^>]*\srole="(?:tablist|tab|navigation)"[^>]*>/gi,
  /<([a-z][a-z0-9]*)\b[^>]*\sclass="(?:[^"]*\s)?(?:visually-hidden|breadcrumbs?|document-link__address)(?:\s[^"]*)?"[^>]*>/gi,
  /<([a-z][a-z0-9]*)\b(?=[^>]*\s(?:aria-hidden="true"|hidden(?=[\s>=/])))[^>]*>/gi,
];

/** Takes out each element an opening tag of `pattern` starts, with all it holds (nesting counted). */
function withoutElements(html: string, pattern: RegExp): string {
  let out = "";
  let cursor = 0;
  pattern.lastIndex = 0;
  for (let open = pattern.exec(html); open; open = pattern.exec(html)) {
    const name = (open[1] ?? "").toLowerCase();
    const tags = new RegExp(`<(/?)${name}\\b[^>]*>`, "gi");
    tags.lastIndex = open.index + open[0].length;
    let depth = open[0].endsWith("/>") ? 0 : 1;
    let end = tags.lastIndex;
    for (let tag = tags.exec(html); tag && depth > 0; tag = tags.exec(html)) {
      depth += tag[1] === "/" ? -1 : tag[0].endsWith("/>") ? 0 : 1;
      end = tags.lastIndex;
    }
    if (depth > 0) end = html.length;
    out += `${html.slice(cursor, open.index)} `;
    cursor = end;
    pattern.lastIndex = end;
  }
  return out + html.slice(cursor);
}

const blockTags =
  /<\/?(?:p|div|li|ul|ol|h[1-6]|section|article|header|footer|aside|table|caption|tr|tbody|tfoot|dl|figure|figcaption|blockquote|br|hr|form|fieldset|legend|details|summary|address|main)\b[^>]*>/gi;
/** Between a table's cells and a term and its definition: one line, the parts told apart. */
const cellSeparator = "\u241f";

/** HTML as plain text: a line per block, cells joined by « — », spaces collapsed in a line. */
function htmlText(html: string): string {
  let text = html
    .replace(/<(script|style|template|svg|noscript)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, "");
  for (const pattern of leftOut) text = withoutElements(text, pattern);
  text = text
    .replace(blockTags, "\n")
    .replace(/<(?:td|th|dd)\b[^>]*>/gi, cellSeparator)
    .replace(/<[^>]*>/g, " ");
  return decodeEntities(text)
    .split("\n")
    .map((line) =>
      line
        .split(cellSeparator)
        .map((cell) =>
          cell
            .replace(/\s+/g, " ")
            .replace(/ ([.,;:!?)»])/g, "$1")
            .trim(),
        )
        .filter((cell) => cell !== "")
        .join(" — "),
    )
    .filter((line) => line !== "")
    .join("\n");
}

/** The text of an element's HTML, on one line (a title, a heading). */
const lineText = (html: string) => htmlText(html).replace(/\n/g, " ");

/**
 * The page's name (its <title> without the site's name after the last « — », else its first <h1>:
 * a page's <h1> may be a slogan or a notice), its h2/h3 headings and its <main>'s text.
 */
export function pageText(html: string): { title: string; headings: string; text: string } {
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/i.exec(html)?.[1] ?? "";
  const named = lineText(/<title>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? "");
  const cut = named.lastIndexOf(" — ");
  const heading = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(main)?.[1];
  const title = (cut > 0 ? named.slice(0, cut) : named) || lineText(heading ?? "");
  const cleanMain = withoutElements(
    withoutElements(main, /<(nav)\b[^>]*>/gi),
    leftOut[4] as RegExp,
  );
  const headings = [...cleanMain.matchAll(/<(h[23])\b[^>]*>([\s\S]*?)<\/\1>/gi)]
    .map((found) => lineText(found[2] ?? ""))
    .filter((line) => line !== "")
    .join("\n");
  return { title, headings, text: htmlText(main) };
}
