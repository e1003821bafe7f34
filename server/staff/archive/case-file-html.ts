/**
 * The case file's printable pages (the summary, the history, the inventory): self-contained HTML
 * in UTF-8 with print styles for A4, no scripts and nothing loaded from elsewhere, so a page opens
 * and prints the same from an archive's disk in years.
 */

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) =>
      ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character] ?? "",
  );
}

const styles = `
  @page { size: A4; margin: 20mm 15mm 20mm 25mm; }
  body { font: 12pt/1.4 "Times New Roman", serif; color: #000; max-width: 180mm; margin: 0 auto; }
  h1 { font-size: 15pt; margin: 0 0 6mm; }
  h2 { font-size: 13pt; margin: 6mm 0 3mm; break-after: avoid; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border: 1px solid #000; padding: 1mm 2mm; text-align: left; vertical-align: top; }
  tr { break-inside: avoid; }
  dl { display: grid; grid-template-columns: 55mm 1fr; gap: 1mm 4mm; margin: 0; }
  dt { font-weight: bold; }
  dd { margin: 0; }
  .note { font-style: italic; }
  @media print { a { color: inherit; text-decoration: none; } }`;

/** A whole page: `body` is HTML already escaped. */
export function printablePage(title: string, body: string): string {
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>${styles}
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
${body}
</body>
</html>
`;
}

/** A definition list of label and plain-text value pairs. */
export function factList(facts: ReadonlyArray<[string, string]>): string {
  const rows = facts.map(
    ([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`,
  );
  return `<dl>\n${rows.join("\n")}\n</dl>`;
}

/** A table of plain-text cells. */
export function textTable(
  headings: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
): string {
  const head = headings.map((heading) => `<th scope="col">${escapeHtml(heading)}</th>`).join("");
  const body = rows
    .map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join("")}</tr>`)
    .join("\n");
  return `<table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}
