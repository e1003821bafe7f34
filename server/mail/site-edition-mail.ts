/**
 * The staff's mails about the site's editions (issue 43): to a head when an edition awaits their
 * approval, or once a day a digest of those waiting; to the editor when theirs was returned (with
 * the head's comment) or published; to the editors once a month, the pages past «Проверить до».
 * Each names the page as staff know it and links to its editor at /staff/site/<page>. Internal
 * mail: no organisation's signature, nothing of any citizen.
 */
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { formatRussianDate } from "../../domain/calendar/calendar-day.ts";
import type { PageReviewDate } from "../../domain/site-content/review-date.ts";
import { type EditablePage, editablePages } from "../../domain/site-content/site-editions.ts";
import { formatKirovDateTime } from "../../domain/time/kirov-time.ts";

export type SiteMail = { subject: string; text: string; html: string };

/** A page's editor in the staff area. */
function pageEditorLink(page: EditablePage, siteUrl: string): string {
  return new URL(`/staff/site/${page}`, siteUrl).toString();
}

/** Paragraphs as the text and the HTML (React: every value stays text); a list after them. */
function siteMail(subject: string, paragraphs: string[], list: string[] = []): SiteMail {
  const text = [
    ...paragraphs,
    ...(list.length > 0 ? [list.map((item) => `— ${item}`).join("\n")] : []),
  ];
  const html = `<!DOCTYPE html>${renderToStaticMarkup(
    h(
      "html",
      { lang: "ru" },
      h("head", null, h("meta", { charSet: "utf-8" }), h("title", null, subject)),
      h(
        "body",
        null,
        ...paragraphs.map((paragraph, index) => h("p", { key: index }, paragraph)),
        list.length > 0
          ? h("ul", null, ...list.map((item, index) => h("li", { key: index }, item)))
          : null,
      ),
    ),
  )}`;
  return { subject, text: `${text.join("\n\n")}\n`, html };
}

const titleOf = (page: EditablePage) => `«${editablePages[page].title}»`;

/** A head's mail: an edition waits for their approval. */
export function composeAwaitingMail(page: EditablePage, by: string, siteUrl: string): SiteMail {
  return siteMail(`На согласовании: страница ${titleOf(page)}`, [
    `Новая редакция страницы ${titleOf(page)} передана на согласование (редактор: ${by}). На сайте прежняя редакция, пока вы её не согласуете.`,
    `Согласовать или вернуть на доработку: ${pageEditorLink(page, siteUrl)}`,
  ]);
}

/** The editor's mail: their edition was returned, with the head's comment. */
export function composeReturnedMail(
  page: EditablePage,
  by: string,
  comment: string,
  siteUrl: string,
): SiteMail {
  return siteMail(`Возвращено на доработку: страница ${titleOf(page)}`, [
    `Ваша редакция страницы ${titleOf(page)} возвращена на доработку (руководитель: ${by}).`,
    `Что доработать: ${comment}`,
    `Редакция — снова черновик: ${pageEditorLink(page, siteUrl)}`,
  ]);
}

/** The editor's mail: their edition is on the site now. */
export function composePublishedMail(
  page: EditablePage,
  by: string,
  scheduled: boolean,
  siteUrl: string,
): SiteMail {
  const how = scheduled ? "опубликована по расписанию" : "согласована и опубликована";
  return siteMail(`Опубликовано: страница ${titleOf(page)}`, [
    `Ваша редакция страницы ${titleOf(page)} ${how} (руководитель: ${by}). Страница на сайте обновлена.`,
    `Страница в разделе «Содержание сайта»: ${pageEditorLink(page, siteUrl)}`,
  ]);
}

/** An edition in a head's daily digest. */
export type DigestEdition = {
  page: EditablePage;
  submittedBy: string | null;
  submittedAt: string | null;
};

/** A head's daily digest: every edition awaiting approval now. */
export function composeApprovalDigest(
  day: string,
  editions: readonly DigestEdition[],
  siteUrl: string,
): SiteMail {
  const list = editions.map((edition) => {
    const who = edition.submittedBy ? ` (редактор: ${edition.submittedBy})` : "";
    const when = edition.submittedAt
      ? `, передана ${formatKirovDateTime(new Date(edition.submittedAt))} (время кировское)`
      : "";
    return `${titleOf(edition.page)}${who}${when}: ${pageEditorLink(edition.page, siteUrl)}`;
  });
  // Built when sent: what waited when the digest was written may have been approved since.
  const opening =
    editions.length > 0
      ? `Ждут вашего согласования редакции страниц сайта (${editions.length}):`
      : "Редакции, ждавшие согласования, уже согласованы или возвращены: сейчас ничего не ждёт.";
  return siteMail(
    `На согласовании страниц: ${editions.length} (${formatRussianDate(day)})`,
    [opening],
    list,
  );
}

/** The editors' monthly mail: the pages past «Проверить до». */
export function composeReviewDueMail(pages: readonly PageReviewDate[], siteUrl: string): SiteMail {
  const list = pages.map(
    (page) =>
      `${titleOf(page.page)}, проверить до ${formatRussianDate(page.reviewBy)}: ${pageEditorLink(page.page, siteUrl)}`,
  );
  // Built when sent: a page checked since the mail was written is not listed.
  const opening =
    pages.length > 0
      ? `Срок проверки прошёл у страниц сайта (${pages.length}). Проверьте, актуально ли то, что на них написано: исправьте и опубликуйте или отметьте «Проверено, без изменений».`
      : "Все страницы, у которых прошёл срок проверки, уже проверены.";
  return siteMail(
    `Пора проверить страницы сайта: ${pages.length}`,
    [opening],
    [...list, `Все страницы: ${new URL("/staff/site", siteUrl).toString()}`],
  );
}
