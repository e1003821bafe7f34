import { createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { organisation } from "../../content/organisation.ts";
import type { ShownContacts } from "../../domain/site-content/contacts-content.ts";

/**
 * The contacts a mail is signed with: the ones the site shows at the moment the mail is built
 * (the published edition this server shows, which every server updates on a publish's notice:
 * server/site-content/site-publisher.ts' `shownContent`), never the build's copy.
 */
export type MailContacts = Pick<ShownContacts, "phone" | "address" | "email">;

/** How every mail to a citizen ends: who wrote and how to reach them, one line each. */
function organisationSignature(contacts: MailContacts): string[] {
  return [
    organisation.fullName,
    contacts.address,
    `Телефон: ${contacts.phone}`,
    `Электронная почта: ${contacts.email}`,
  ];
}

/**
 * The HTML of a mail to a citizen: its paragraphs, then the signature. Rendered by React, so
 * every value is text (a `<script>` in a body's name stays text).
 */
export function citizenMailHtml(
  subject: string,
  paragraphs: ReactNode[],
  contacts: MailContacts,
): string {
  const signature = organisationSignature(contacts);
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
export function citizenMailText(paragraphs: string[], contacts: MailContacts): string {
  return [
    ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
    "—",
    ...organisationSignature(contacts),
    "",
  ].join("\n");
}
