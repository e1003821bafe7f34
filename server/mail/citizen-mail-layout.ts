import { createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { organisation } from "../../content/organisation.ts";

/** How every mail to a citizen ends: who wrote and how to reach them, one line each. */
function organisationSignature(): string[] {
  return [
    organisation.fullName,
    organisation.address,
    `Телефон: ${organisation.phone.display}`,
    `Электронная почта: ${organisation.email}`,
  ];
}

/**
 * The HTML of a mail to a citizen: its paragraphs, then the signature. Rendered by React, so
 * every value is text (a `<script>` in a body's name stays text).
 */
export function citizenMailHtml(subject: string, paragraphs: ReactNode[]): string {
  const signature = organisationSignature();
  return `<!DOCTYPE html>${renderToStaticMarkup(
    h(
      "html",
      { lang: "ru" },
      h("head", null, h("meta", { charSet: "utf-8" }), h("title", null, subject)),
      h(
        "body",
        null,
        ...paragraphs.map((paragraph, index) => h("p", { key: index }, paragraph)),
        h(
          "p",
          null,
          ...signature.flatMap((line, index) =>
            index ? [h("br", { key: `br-${line}` }), line] : [line],
          ),
        ),
      ),
    ),
  )}`;
}

/** The plain-text twin: paragraphs apart, then the signature. */
export function citizenMailText(paragraphs: string[]): string {
  return [
    ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
    "—",
    ...organisationSignature(),
    "",
  ].join("\n");
}
