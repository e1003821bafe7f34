/**
 * A public page rendered from a draft, marked for what it is: not for search engines (a robots
 * meta beside the X-Robots-Tag header) and saying at its top that visitors do not see it yet,
 * with the way back to the editor. The page itself is the public page, unchanged.
 */
export function markedAsDraft(html: string, editorPath: string): string {
  const note =
    `<div class="draft-preview" role="note"><p><strong>Черновик.</strong> Так страница будет ` +
    `выглядеть после публикации; посетители сайта видят прежнюю. ` +
    `<a href="${editorPath}">Вернуться к редактированию</a></p></div>`;
  return html
    .replace(/<head>/, '<head><meta name="robots" content="noindex, nofollow"/>')
    .replace(/<body([^>]*)>/, `<body$1>${note}`);
}

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
