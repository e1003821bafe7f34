/**
 * A public page rendered from a draft, marked for what it is: not for search engines (a robots
 * meta beside the X-Robots-Tag header), «Предпросмотр черновика» in its title, and a bar saying
 * that visitors do not see it yet, with the next steps: back to the editor, or on to its saving
 * buttons to publish (issue 43). The bar is the body's last part and sticks to the bottom of the
 * screen (app/styles/site.css, `.draft-preview`: the page's own stylesheet, as the preview's
 * policy allows no style of its own), so every screen of the page shows it, and at the page's
 * end it covers nothing. The page itself is the public page, unchanged.
 */
export function markedAsDraft(html: string, editorPath: string): string {
  const bar =
    `<div class="draft-preview" role="region" aria-label="Предпросмотр черновика">` +
    `<p class="draft-preview__text"><strong>Черновик.</strong> Так страница будет выглядеть ` +
    `после публикации; посетители сайта видят прежнюю.</p>` +
    `<p class="draft-preview__actions">` +
    `<a class="draft-preview__link" href="${editorPath}">Вернуться к редактированию</a> ` +
    `<a class="draft-preview__link" href="${editorPath}#site-editor-actions">Опубликовать или передать на согласование</a>` +
    `</p></div>`;
  return html
    .replace(/<head>/, '<head><meta name="robots" content="noindex, nofollow"/>')
    .replace(/<title>/, "<title>Предпросмотр черновика: ")
    .replace(/<\/body>/, `${bar}</body>`);
}

/**
 * A news preview's links to announcements (`/news/2`) as links to their previews: a draft's new
 * announcement has no page on the site yet, and a changed one would show what is published.
 */
export const announcementPreviewLinks = (html: string): string =>
  html.replace(/href="\/news\/([a-z0-9-]+)"/gi, 'href="/staff/site/news/preview?announcement=$1"');

/**
 * The preview of content the page will not render from (issue 40): a plain page saying so, with
 * the way back, in place of a server error. `message` and `editorPath` are the server's own.
 */
export function unrenderedPreview(message: string, editorPath: string): string {
  return (
    `<!doctype html><html lang="ru"><head><meta charset="utf-8"/>` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"/>` +
    `<meta name="robots" content="noindex, nofollow"/><title>Предпросмотр недоступен</title>` +
    `</head><body><main><h1>Предпросмотр недоступен</h1><p>${message}</p>` +
    `<p><a href="${editorPath}">Вернуться к редактированию</a></p></main></body></html>`
  );
}
