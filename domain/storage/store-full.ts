/**
 * A full disk where the server keeps its data (decision 0057): told to staff as such, not as an
 * unreachable store. A retry in minutes fails the same way until someone frees space, and what
 * the person typed must not be lost: an action that can show its form again answers with it
 * (`storeFullAnswered`), and the door answers any other page with the same words.
 *
 * Matched by its code, not its class: the server meets two copies of this module (its own and the
 * one bundled into React Router's server build), as page-context.ts explains.
 */
import { type ContextReader, pageOf } from "../pages/page-context.ts";

/** The code every store error of a full disk carries (server/db/sqlite-disk-limits.ts). */
export const storeFullCode = "STORE_DISK_FULL";

/** What staff read: what happened, that nothing was saved, what to do. */
export const storeFullMessages = {
  /** Above a form shown again with what was typed. */
  form: "На диске сервера нет места: изменения не сохранены. Текст формы остался на этой странице, файлы нужно будет выбрать заново. Сообщите администратору сервера, что диск заполнен, и сохраните форму ещё раз, когда он освободит место.",
  /** A page that could not do what was asked. */
  page: "На диске сервера нет места: изменения не сохранены. Сообщите администратору сервера, что диск заполнен, и повторите действие, когда он освободит место.",
} as const;

/** The status of an answer refused for a full disk: Insufficient Storage. */
export const storeFullStatus = 507;

export function isStoreFull(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === storeFullCode;
}

/**
 * In an action's catch: for a full disk, the message to show above the form again, the failure
 * left for the door to log once (with the free space it names); undefined for any other error.
 */
export function storeFullAnswered(context: ContextReader, error: unknown): string | undefined {
  if (!isStoreFull(error)) return undefined;
  pageOf(context).answeredFailure = error;
  return storeFullMessages.form;
}
