/**
 * The one load context of every page the server renders (public and staff): how a route's loader
 * or action (app/routes/*.tsx) reaches the server without importing it. The server's door
 * (server/pages/) builds the services once per server and, per request, only the viewer, the CSRF
 * token, the client and the form it read; a route reads them here:
 *
 *   const page = pageOf(context);                       // the form, the client
 *   const staff = requireStaff(context, "statistics");  // the viewer and the staff port
 *
 * The key is kept under one registered symbol: a context key is matched by identity, and the
 * server meets two copies of this module, its own import and the one bundled into React Router's
 * server build (build/server/index.js). Both take the one key, so what the server sets the route
 * gets. Nothing here touches Node or the DOM.
 */
import { createContext, redirect } from "react-router";
import type { AppealStatusLookup } from "../appeals/appeal-status.ts";
import type { AppealSubmitter } from "../appeals/appeal-submitter.ts";
import type { AppealsReview } from "../appeals/appeals-review.ts";
import type { SubmittedFile } from "../attachments/submitted-file.ts";
import type { SearchResults } from "../search/search-port.ts";
import type { SearchQueriesPort } from "../search/search-queries-report.ts";
import type { SiteReviewPort } from "../site-content/review-date.ts";
import type { SiteContent } from "../site-content/site-editions.ts";
import type { SiteLinksPort } from "../site-content/site-links-report.ts";
import type { SitePort } from "../site-content/site-port.ts";
import type { ArchivePort } from "../staff/archive-port.ts";
import type { MailboxPort } from "../staff/mailbox-port.ts";
import type { StaffAccountPort } from "../staff/site-notice-choice.ts";
import type { SignInPort, StaffPort } from "../staff/staff-ports.ts";
import { can, type StaffCapability, type StaffViewer } from "../staff/staff-roles.ts";

/** The staff area's sign-in page: where a request without a session is sent. */
export const signInPath = "/staff/login";

/** Who sent the request, as the server saw the connection (never what the page says). */
type PageClient = { address: string; userAgent: string | undefined };

/**
 * A form as the door read it: its fields (url-encoded or multipart alike) and, for a multipart
 * form, its files. `refusal`: the upload was refused while it streamed in (too many or too large
 * files, a type not allowed); the fields read before it are kept, so the page shows the text typed.
 */
export type SubmittedForm = {
  fields: URLSearchParams;
  files: readonly SubmittedFile[];
  /** An upload refused while it streamed in; `ofFiles` when the files were (not the form). */
  refusal?: { status: number; message: string; ofFiles?: boolean };
};

/** The services, one port per feature, built once per server. */
export type PageServices = {
  /** The appeal form posted without JavaScript (POST /appeals). */
  appealForm: AppealSubmitter;
  /** The citizen's status page (/appeals/status). */
  statusLookup: AppealStatusLookup;
  /** The public review (/appeals/review), kept a while by the server. */
  review: () => Promise<AppealsReview>;
  signIn: SignInPort;
  staff: StaffPort;
  /** The public site's content: editions, approval, preview (/staff/site). */
  site: SitePort;
  /**
   * The site's search over the published content (/search, issues 29 and 42), each search
   * counted without who made it; `searcher`'s user agent only tells a bot's search, not counted.
   */
  search: (query: string, searcher: Pick<PageClient, "userAgent">) => SearchResults;
  /** «Что ищут на сайте» (/staff/site/searches, issue 42): the counted searches. */
  searchQueries: SearchQueriesPort;
  /** «Проверить до» of the editable pages (/staff/site, issue 43). */
  siteReview: SiteReviewPort;
  /** The viewer's own account (/staff/account, issue 43). */
  account: StaffAccountPort;
  /** «Ссылки» (/staff/site/links, issue 43): the published texts' broken web links. */
  siteLinks: SiteLinksPort;
  /** «Архив» (/staff/archive, issue 45): storage terms, acts of destruction. */
  archive: ArchivePort;
  /** The organisation's mailbox read into the registry (issue 46): «Письма без обращения», bounces. */
  mailbox: MailboxPort;
};

/** What is known of the session after the action: the door sets or clears its cookie. */
type SessionChange = { started?: string; ended?: boolean };

export type PageContext = {
  services: PageServices;
  client: PageClient;
  /** The signed-in staff member; null on public pages and on the sign-in page. */
  viewer: StaffViewer | null;
  /** Put in every staff form as `_csrf`: the server refuses a state change without it. */
  csrfToken: string;
  /** The form posted (POST), read by the door; undefined on GET. */
  form: SubmittedForm | undefined;
  /** Written by the sign-in and sign-out actions (`startSession`, `endSession`). */
  session: SessionChange;
  /**
   * A store failure the action answered itself, its form shown again (a full disk:
   * domain/storage/store-full.ts): the door logs it, as it logs one thrown.
   */
  answeredFailure?: unknown;
};

const registry = globalThis as { [key: symbol]: unknown };
const keySymbol = Symbol.for("agrochem-kirov.pageContext");
registry[keySymbol] ??= createContext<PageContext>();

export const pageContext = registry[keySymbol] as ReturnType<typeof createContext<PageContext>>;

/**
 * The content an editable page shows when it is rendered for a publish or a preview (the
 * server's site publisher sets it); empty while prerendering, so the build shows the defaults in
 * content/. A public page's loader reads it with `siteContentOf`, never `pageOf`: the build has
 * no page context.
 */
const contentKeySymbol = Symbol.for("agrochem-kirov.siteContent");
registry[contentKeySymbol] ??= createContext<Partial<SiteContent>>({});

export const siteContentContext = registry[contentKeySymbol] as ReturnType<
  typeof createContext<Partial<SiteContent>>
>;

/** What a loader's or action's `context` offers: React Router's provider, read by key. */
export type ContextReader = {
  get(key: typeof pageContext): PageContext;
  get(key: typeof siteContentContext): Partial<SiteContent>;
};

/** The content an editable page is rendered with now: an edition's, or none (the defaults). */
export function siteContentOf(context: ContextReader): Partial<SiteContent> {
  return context.get(siteContentContext);
}

export function pageOf(context: ContextReader): PageContext {
  return context.get(pageContext);
}

/** The posted form's fields; empty when nothing was posted. */
export function formOf(context: ContextReader): SubmittedForm {
  return pageOf(context).form ?? { fields: new URLSearchParams(), files: [] };
}

export type StaffAccess = {
  viewer: StaffViewer;
  staff: StaffPort;
  csrfToken: string;
  today: string;
};

/**
 * The one guard of the staff pages: the signed-in viewer with the staff port, if their role has
 * `capability` (domain/staff/staff-roles.ts); undefined if it does not, so the page says so in
 * its own words. Without a session (the door already sends such requests to sign in) it
 * redirects to the sign-in page.
 */
export function requireStaff(context: ContextReader): StaffAccess;
export function requireStaff(
  context: ContextReader,
  capability: StaffCapability,
): StaffAccess | undefined;
export function requireStaff(
  context: ContextReader,
  capability?: StaffCapability,
): StaffAccess | undefined {
  const page = pageOf(context);
  if (!page.viewer) throw redirect(signInPath);
  if (capability && !can(page.viewer.role, capability)) return undefined;
  return {
    viewer: page.viewer,
    staff: page.services.staff,
    csrfToken: page.csrfToken,
    today: page.services.staff.today(),
  };
}

/** The sign-in action's success: the door sets the session cookie with the answer. */
export function startSession(context: ContextReader, token: string) {
  pageOf(context).session.started = token;
}

/** The sign-out action: the door ends the session in the store and clears its cookie. */
export function endSession(context: ContextReader) {
  pageOf(context).session.ended = true;
}
