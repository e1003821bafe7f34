// What a page's CSS can reach in it, read from the HTML as the server sent it: its inline
// stylesheets, and the element names and classes of its body. A sweep that visits one page of
// each template compares a route's with its template page's (issue 39).

/** The page's inline CSS, one entry per <style>. */
export function inlineStyles(html: string): string[] {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? "");
}

/** The element names ("<table>") and classes (".card") in the page's body, scripts left out. */
export function bodyHooks(html: string): string[] {
  const body = (html.match(/<body\b[\s\S]*<\/body>/)?.[0] ?? "").replace(
    /<script\b[\s\S]*?<\/script>/g,
    "",
  );
  const elements = [...body.matchAll(/<([a-z][a-z0-9-]*)/g)].map((match) => `<${match[1]}>`);
  const classes = [...body.matchAll(/\sclass="([^"]*)"/g)].flatMap((match) =>
    (match[1] ?? "").split(/\s+/).filter(Boolean),
  );
  return [...new Set([...elements, ...classes.map((name) => `.${name}`)])];
}
