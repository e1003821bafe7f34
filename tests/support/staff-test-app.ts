// For tests: the whole app in-process over a real database with the staff area rendered by the
// real React Router server build (build/server/index.js, as `npm run build` wrote it), driven over
// fastify `inject` (no browser); small readers of the staff pages' HTML; a browser's cookies and
// CSRF token for one staff member.
import { fileURLToPath } from "node:url";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { RequestHandler } from "react-router";
import { buildApp } from "../../server/app.ts";
import { openStatusLookupGuard } from "../../server/appeals/status-lookup-guard.ts";
import { parseDatabaseUrl } from "../../server/config.ts";
import { type DataLayer, openDataLayer } from "../../server/db/data-layer.ts";
import { loadPageHandler } from "../../server/pages/react-router-bridge.ts";
import { testSite } from "./test-app.ts";

export const serverBuildPath = fileURLToPath(
  new URL("../../build/server/index.js", import.meta.url),
);

let pageHandler: Promise<RequestHandler> | undefined;

/** React Router's handler over the server build, loaded once per process. */
export function staffPageHandler(): Promise<RequestHandler> {
  pageHandler ??= loadPageHandler(serverBuildPath);
  return pageHandler;
}

export type StaffTestApp = {
  app: FastifyInstance;
  data: DataLayer;
  /** The DATABASE_URL the app runs on: tests/support/direct-sql.ts ages sessions through it. */
  databaseUrl: string;
  logLines: string[];
  close(): Promise<void>;
};

export async function startStaffTestApp(options: {
  databaseUrl: string;
  /** The status page's counts as production keeps them: shared in PostgreSQL when the store is. */
  sharedStatusLookups?: boolean;
}): Promise<StaffTestApp> {
  const database = parseDatabaseUrl(options.databaseUrl);
  const data = await openDataLayer(database);
  const logLines: string[] = [];
  const app = buildApp({
    // The daily purges off: a test about them runs their job itself.
    config: { logLevel: "info", rateLimit: { perMinute: 10_000, perDay: 10_000 }, purgeTime: null },
    data,
    ...(options.sharedStatusLookups ? { statusRateLimiter: openStatusLookupGuard(database) } : {}),
    site: testSite,
    pageHandler: await staffPageHandler(),
    logStream: { write: (line) => void logLines.push(line) },
  });
  await app.ready();
  return {
    app,
    data,
    databaseUrl: options.databaseUrl,
    logLines,
    async close() {
      await app.close();
      await data.close();
    },
  };
}

// Reading React's server output: predictable markup (attributes in source order, `<!-- -->`
// between adjacent text nodes, `&`, `<`, `>`, `"` and `'` escaped).

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

export function decodeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return String.fromCodePoint(code);
    }
    return entities[name.toLowerCase()] ?? whole;
  });
}

/** The text of an HTML fragment: tags and comments dropped, entities decoded, spaces trimmed. */
export function textOf(html: string): string {
  return decodeHtml(html.replace(/<!--[\s\S]*?-->/g, "").replace(/<[^>]*>/g, "")).trim();
}

/** The `datetime` of the first <time> in a fragment. */
export function timeIn(html: string): string | undefined {
  const value = /<time [^>]*datetime="([^"]*)"/i.exec(html)?.[1];
  return value === undefined ? undefined : decodeHtml(value);
}

/** The token of the first `_csrf` hidden field on a page. */
export function csrfTokenIn(html: string): string | undefined {
  const value = /<input type="hidden" name="_csrf" value="([^"]*)"/.exec(html)?.[1];
  return value === undefined ? undefined : decodeHtml(value);
}

/** The message of `<p class="staff-error" role="alert">`, when the page shows one. */
export function staffErrorIn(html: string): string | undefined {
  const inner = /<p class="staff-error" role="alert">([\s\S]*?)<\/p>/.exec(html)?.[1];
  return inner === undefined ? undefined : textOf(inner);
}

/**
 * The hidden fields of the page's form named `label` (its aria-label), as a browser would send
 * them: what the page showed when it was made (the appeal's version, a draft's revision).
 */
export function hiddenFieldsOf(html: string, label: string): Record<string, string> {
  const start = html.indexOf(`aria-label="${label}"`);
  if (start < 0) throw new Error(`no form «${label}» on the page`);
  const form = html.slice(start, html.indexOf("</form>", start));
  const fields: Record<string, string> = {};
  for (const [, name = "", value = ""] of form.matchAll(
    /<input type="hidden" name="([^"]*)" value="([^"]*)"/g,
  )) {
    if (name !== "_csrf") fields[decodeHtml(name)] = decodeHtml(value);
  }
  return fields;
}

/** Who the layout says is signed in ('Вы вошли как …'). */
export function signedInLoginIn(html: string): string | undefined {
  const inner = /<span>Вы вошли как ([\s\S]*?)<\/span>/.exec(html)?.[1];
  return inner === undefined ? undefined : textOf(inner);
}

function tableRows(tbody: string): string[][] {
  return [...tbody.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? "").matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => cell[1] ?? ""),
  );
}

function firstTbodyAfter(html: string, marker: string): string {
  const start = html.indexOf(marker);
  if (start < 0) return "";
  return /<tbody>([\s\S]*?)<\/tbody>/.exec(html.slice(start))?.[1] ?? "";
}

export type ListedAppeal = { id: string; number: string; receivedAt: string | undefined };

/** The list page (/staff): its rows, newest first, and the 'Следующие обращения' link. */
export function readRegistryList(html: string): { rows: ListedAppeal[]; next?: string } {
  const tbody = /<table class="staff-table">[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1];
  const rows = tableRows(tbody ?? "").map(([numberCell = "", receivedCell = ""]) => {
    const link = /<a href="\/staff\/appeals\/([^"]+)">([\s\S]*?)<\/a>/.exec(numberCell);
    if (!link) throw new Error(`a list row without its appeal link: ${numberCell}`);
    return {
      id: decodeHtml(link[1] ?? ""),
      number: textOf(link[2] ?? ""),
      receivedAt: timeIn(receivedCell),
    };
  });
  const next = /<a href="([^"]*)">Следующие обращения<\/a>/.exec(html)?.[1];
  return next === undefined ? { rows } : { rows, next: decodeHtml(next) };
}

/** The list page's approval marks («На согласовании», «На доработку») by appeal id; "" for none. */
export function readDraftMarks(html: string): Map<string, string> {
  const tbody = /<table class="staff-table">[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1];
  return new Map(
    tableRows(tbody ?? "").map(([numberCell = "", , , stateCell = ""]) => [
      decodeHtml(/<a href="\/staff\/appeals\/([^"]+)">/.exec(numberCell)?.[1] ?? ""),
      textOf(/<span class="draft-mark[^"]*">([\s\S]*?)<\/span>/.exec(stateCell)?.[1] ?? ""),
    ]),
  );
}

/** `after` of a next-page link ('/staff?…&after=N'). */
export function afterOf(link: string): number | undefined {
  const after = new URL(link, "http://localhost").searchParams.get("after");
  return after === null ? undefined : Number(after);
}

/** One line of 'Журнал изменений', as shown: state and action labels in Russian. */
export type ShownAuditLine = {
  at: string | undefined;
  who: string;
  action: string;
  from: string;
  to: string;
  details: string;
};

export type AppealPage = {
  number: string;
  /** The state's label (data-testid="appeal-state"). */
  state: string;
  error: string | undefined;
  /** The fields of the two lists (label → inner HTML of the <dd>). */
  fields: Map<string, string>;
  /** The citizen's text as the page shows it (data-testid="appeal-comment"), inner HTML. */
  comment: string;
  /** The running terms in the summary's 'Сроки', as shown ('Ответ: до …'). */
  deadlines: string[];
  notification: { label: string; attempts: number };
  /** Every line of the log; the first is the receipt, by the citizen. */
  audit: ShownAuditLine[];
};

/** The appeal page (/staff/appeals/:id). */
export function readAppealPage(html: string): AppealPage {
  const fields = new Map<string, string>();
  for (const [, label = "", value = ""] of html.matchAll(
    /<dt>([\s\S]*?)<\/dt><dd[^>]*>([\s\S]*?)<\/dd>/g,
  )) {
    fields.set(textOf(label), value);
  }
  // The running terms: the summary's «Сроки» row, a list soonest first.
  const deadlineList = /<dd data-testid="deadlines"><ul>([\s\S]*?)<\/ul>/.exec(html);
  const notificationText = textOf(
    /<p data-testid="notification-status">([\s\S]*?)<\/p>/.exec(html)?.[1] ?? "",
  );
  return {
    number: textOf(/<h1>Обращение ([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? ""),
    state: textOf(/<strong data-testid="appeal-state">([\s\S]*?)<\/strong>/.exec(html)?.[1] ?? ""),
    error: staffErrorIn(html),
    fields,
    comment:
      /<div class="staff-appeal-text__body" data-testid="appeal-comment">([\s\S]*?)<\/div>/.exec(
        html,
      )?.[1] ?? "",
    deadlines: [...(deadlineList?.[1] ?? "").matchAll(/<li>([\s\S]*?)<\/li>/g)].map((item) =>
      textOf(item[1] ?? ""),
    ),
    notification: {
      label: notificationText.split(", ")[0] ?? "",
      attempts: Number(/, попыток: (\d+)/.exec(notificationText)?.[1] ?? 0),
    },
    audit: tableRows(firstTbodyAfter(html, "<h2>Журнал изменений</h2>")).map(
      ([at = "", who = "", action = "", from = "", to = "", details = ""]) => ({
        at: timeIn(at),
        who: textOf(who),
        action: textOf(action),
        from: textOf(from),
        to: textOf(to),
        details: textOf(details),
      }),
    ),
  };
}

/**
 * The answer form as a browser encodes it: the CSRF token first (when given), the fields, then
 * each file under `files`.
 */
export function answerFormData(
  csrfToken: string | undefined,
  fields: Record<string, string>,
  files: ReadonlyArray<{ name: string; content: Uint8Array; type?: string }>,
): FormData {
  const form = new FormData();
  if (csrfToken !== undefined) form.append("_csrf", csrfToken);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    const blob = new Blob([new Uint8Array(file.content)], {
      type: file.type ?? "application/octet-stream",
    });
    form.append("files", blob, file.name);
  }
  return form;
}

/** A browser's cookies and CSRF token for one staff member, over inject. */
export class StaffClient {
  cookies = new Map<string, string>();
  /** The `_csrf` of the last page that had a form. */
  csrfToken = "";
  readonly app: FastifyInstance;
  readonly origin: string;
  constructor(app: FastifyInstance, origin = "http://localhost:8000") {
    this.app = app;
    this.origin = origin;
  }

  private remember(response: LightMyRequestResponse) {
    for (const cookie of response.cookies) {
      if (cookie.value === "" || (cookie.expires && cookie.expires.getTime() < Date.now())) {
        this.cookies.delete(cookie.name);
      } else this.cookies.set(cookie.name, cookie.value);
    }
    if (String(response.headers["content-type"]).startsWith("text/html")) {
      const token = csrfTokenIn(response.body);
      if (token) this.csrfToken = token;
    }
    return response;
  }

  private cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async get(url: string) {
    return this.remember(
      await this.app.inject({
        method: "GET",
        url,
        headers: { host: new URL(this.origin).host, cookie: this.cookieHeader() },
      }),
    );
  }

  async post(
    url: string,
    fields: Record<string, string>,
    options: { csrf?: boolean; origin?: string } = {},
  ) {
    const body = new URLSearchParams(fields);
    if (options.csrf !== false) body.set("_csrf", this.csrfToken);
    return this.remember(
      await this.app.inject({
        method: "POST",
        url,
        headers: {
          host: new URL(this.origin).host,
          origin: options.origin ?? this.origin,
          cookie: this.cookieHeader(),
          "content-type": "application/x-www-form-urlencoded",
        },
        payload: body.toString(),
      }),
    );
  }

  /**
   * Sends a form as multipart/form-data, as a browser sends the answer form: `_csrf` first, then
   * the fields, then each file under `files`.
   */
  async postMultipart(
    url: string,
    fields: Record<string, string>,
    files: Array<{ name: string; content: Buffer; type?: string }> = [],
    options: { csrf?: boolean } = {},
  ) {
    const form = answerFormData(options.csrf === false ? undefined : this.csrfToken, fields, files);
    const encoded = new Request("http://localhost/", { method: "POST", body: form });
    return this.remember(
      await this.app.inject({
        method: "POST",
        url,
        headers: {
          host: new URL(this.origin).host,
          origin: this.origin,
          cookie: this.cookieHeader(),
          "content-type": encoded.headers.get("content-type") ?? "",
        },
        payload: Buffer.from(await encoded.arrayBuffer()),
      }),
    );
  }

  /** Opens the sign-in page (its CSRF token), then sends the form. */
  async signIn(login: string, password: string) {
    await this.get("/staff/login");
    return this.post("/staff/login", { login, password });
  }

  /** The list page at `url`, read; fails unless it answers 200. */
  async list(url: string) {
    const response = await this.get(url);
    if (response.statusCode !== 200) {
      throw new Error(`GET ${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
    }
    return readRegistryList(response.body);
  }

  /** The appeal page of `id`, read; fails unless it answers 200. */
  async appeal(id: string) {
    const response = await this.get(`/staff/appeals/${id}`);
    if (response.statusCode !== 200) {
      throw new Error(`GET appeal ${id}: ${response.statusCode} ${response.body.slice(0, 300)}`);
    }
    return readAppealPage(response.body);
  }
}
