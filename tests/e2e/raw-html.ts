// Reading the prerendered pages as a visitor without JavaScript gets them: raw HTML and its text.

/** The raw HTML of a page, as the server sends it. */
export async function fetchHtml(baseUrl: string, path: string): Promise<string> {
  const response = await fetch(`${baseUrl}${path}`);
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return response.text();
}

/** The visible text of a page's <main>, tags removed, entities decoded, spaces kept as they are. */
export function mainText(html: string): string {
  const main = html.match(/<main\b[^>]*>([\s\S]*)<\/main>/)?.[1] ?? html;
  return decodeEntities(main.replace(/<!--[\s\S]*?-->/g, "").replace(/<[^>]+>/g, " "));
}

/** Text of an inline fragment (a link's content): tags removed without adding spaces. */
export function inlineText(html: string): string {
  return decodeEntities(html.replace(/<!--[\s\S]*?-->/g, "").replace(/<[^>]+>/g, ""))
    .replace(/[\s\u00A0]+/g, " ")
    .trim();
}

/** The same text with every run of spaces (non-breaking ones too) made one plain space. */
export function plainText(html: string): string {
  return mainText(html).replace(/[\s\u00A0]+/g, " ");
}

export function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, "\u00A0")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Every href and src of the page that points at this site ('/docs/ustav.pdf', '/#history'). */
export function internalUrls(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/\s(?:href|src)="(\/[^"]*)"/g)) {
    const url = decodeEntities(match[1] ?? "");
    if (url.startsWith("//")) continue;
    found.add(url);
  }
  return [...found].sort();
}

/** Typographic form of a number as the pages print prices: '2 106 ₽' with non-breaking spaces. */
export function rubles(text: string): string {
  return `${text.replace(/ /g, "\u00A0")}\u00A0₽`;
}
