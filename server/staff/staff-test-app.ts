// For tests: the whole app in-process with the staff area over a real store, and a stand-in for
// React Router's server build that does what the staff routes' loaders and actions do (the real
// pages are checked in Chromium by tests/e2e/staff-*.test.ts, which need the build).
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { RequestHandler } from "react-router";
import { readAppealActionForm } from "../../domain/staff/appeal-action-form.ts";
import { readRegistryQuery } from "../../domain/staff/registry-query.ts";
import { staffRequestContext } from "../../domain/staff/staff-context.ts";
import { buildApp } from "../app.ts";
import { testSite } from "../appeals/test-app.ts";
import { parseDatabaseUrl } from "../config.ts";
import type { AppealStore, NewAppeal } from "../store/appeal-store.ts";
import { openStore } from "../store/open-store.ts";
import { openSqlRunner, type SqlRunner } from "../store/sql-runner.ts";
import { openStaffStore } from "./open-staff-store.ts";
import { hashPassword } from "./passwords.ts";
import type { StaffStore } from "./staff-store.ts";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8" },
  });

/** Like app/routes/staff-*.tsx: the same context calls, answered as JSON. */
export const staffRoutesStandIn: RequestHandler = async (request, context) => {
  const staff = context?.get(staffRequestContext);
  if (!staff) throw new Error("no StaffRequest in the context");
  const url = new URL(request.url);
  const appealId = /^\/staff\/appeals\/([^/]+)$/.exec(url.pathname)?.[1];
  if (request.method === "POST") {
    const form = await request.formData();
    if (url.pathname === "/staff/login") {
      const result = await staff.signIn(String(form.get("login")), String(form.get("password")));
      return result.ok
        ? new Response(null, { status: 302, headers: { location: "/staff" } })
        : json({ error: result.message }, result.status);
    }
    if (url.pathname === "/staff/logout") {
      await staff.signOut();
      return new Response(null, { status: 302, headers: { location: "/staff/login" } });
    }
    if (appealId) {
      const read = readAppealActionForm(form.entries());
      if (!read.ok) return json({ error: read.message }, 400);
      const result = await staff.changeAppeal(appealId, read.form);
      return result.ok
        ? new Response(null, { status: 303, headers: { location: url.pathname } })
        : json({ error: result.message }, result.status);
    }
    return json({ error: "no such action" }, 404);
  }
  const base = { login: staff.login, csrfToken: staff.csrfToken, today: staff.today };
  if (appealId) {
    const found = await staff.getAppeal(appealId);
    return found ? json({ ...base, ...found }) : json(base, 404);
  }
  if (url.pathname === "/staff") {
    const read = readRegistryQuery(url.searchParams);
    if (!read.ok) return json({ ...base, error: read.message }, 400);
    return json({ ...base, page: await staff.listAppeals(read.query) });
  }
  return json(base);
};

export type StaffTestApp = {
  app: FastifyInstance;
  store: AppealStore;
  staffStore: StaffStore;
  /** Direct SQL on the same database, to age sessions or move dates. */
  sql: SqlRunner;
  logLines: string[];
  close(): Promise<void>;
};

export async function startStaffTestApp(options: { databaseUrl: string }): Promise<StaffTestApp> {
  const database = parseDatabaseUrl(options.databaseUrl);
  const store = await openStore(database);
  const staffStore = await openStaffStore(database);
  const sql = await openSqlRunner(database);
  const logLines: string[] = [];
  const app = buildApp({
    config: { logLevel: "info", rateLimit: { perMinute: 10_000, perDay: 10_000 } },
    store,
    site: testSite,
    pageHandler: staffRoutesStandIn,
    staffStore,
    logStream: { write: (line) => void logLines.push(line) },
  });
  await app.ready();
  return {
    app,
    store,
    staffStore,
    sql,
    logLines,
    async close() {
      await app.close();
      await sql.close();
      await staffStore.close();
      await store.close();
    },
  };
}

export async function addStaffUser(store: StaffStore, login: string, password: string) {
  await store.addUser(login, await hashPassword(password), new Date());
}

/** An appeal as the service would store it, received at `at`. */
export function newAppeal(at: Date, overrides: Partial<NewAppeal> = {}): NewAppeal {
  return {
    first_name: "Анна",
    last_name: "Иванова",
    email: "anna@example.ru",
    phone: "+7 912 345-67-89",
    phone_normalized: "+79123456789",
    region: "43 - Кировская область",
    comment: "Прошу сообщить сроки обследования.",
    consent: true,
    consent_at: at,
    consent_text_version: "test",
    client_ip: "127.0.0.1",
    user_agent: "test",
    created_at: at,
    ...overrides,
  };
}

/** A browser's cookies and CSRF token for one staff member, over inject. */
export class StaffClient {
  cookies = new Map<string, string>();
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
    if (String(response.headers["content-type"]).startsWith("application/json")) {
      const body = response.json() as { csrfToken?: string };
      if (body.csrfToken) this.csrfToken = body.csrfToken;
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

  async signIn(login: string, password: string) {
    await this.get("/staff/login");
    return this.post("/staff/login", { login, password });
  }
}
