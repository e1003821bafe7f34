import { notFoundTitle } from "../../content/site-pages.ts";

/** What the site's staff actions answer when they cannot do what was asked (issue 28). */
export const notFound = { ok: false, status: 404, message: `${notFoundTitle}.` } as const;

export const changedMeanwhile = {
  ok: false,
  status: 409,
  message: "Редакцию уже изменили или опубликовали. Обновите страницу и проверьте её.",
} as const;

/**
 * A head's approval from a page loaded before the editor changed the edition again: what they
 * reviewed is not what waits now. The page shown with it holds the new content.
 */
export const revisedMeanwhile = {
  ok: false,
  status: 409,
  message:
    "Редакцию изменили, пока страница была открыта: утвердить можно только то, что вы проверили. Ниже — новая версия; проверьте её и утвердите снова.",
} as const;

/** A page that would not render from the edition: nothing was published (issue 40). */
export const notRendered = {
  ok: false,
  status: 422,
  message:
    "Страница не строится из этой редакции, поэтому она не опубликована и на сайте прежняя. Проверьте даты, ссылки и файлы в форме; если не найдёте ошибку, сообщите администратору.",
} as const;

/** An edition stored before a check tightened: it cannot be published (again). */
export const unreadableEdition = {
  ok: false,
  status: 422,
  message:
    "Эту редакцию нельзя опубликовать: её содержание не проходит нынешнюю проверку (например, дата вне 1900–2100 годов). Исправьте страницу в форме и опубликуйте её.",
} as const;

/** Thrown inside a transaction to undo it: the edition changed state meanwhile (another head). */
export class EditionChangedMeanwhile extends Error {}

/** The transaction's answer, or false when it was undone because the edition changed meanwhile. */
export function unlessChangedMeanwhile<result>(work: Promise<result>): Promise<result | false> {
  return work.catch((error: unknown) => {
    if (error instanceof EditionChangedMeanwhile) return false;
    throw error;
  });
}
