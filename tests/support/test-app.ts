// For tests: the whole app in-process over a real database, with its log lines kept for inspection.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { RequestHandler } from "react-router";
import { buildApp } from "../../server/app.ts";
import { openRateLimiter } from "../../server/appeals/rate-limiter.ts";
import { parseDatabaseUrl, type ServerTimeouts, type TrustProxy } from "../../server/config.ts";
import { type DataLayer, openDataLayer } from "../../server/db/data-layer.ts";
import { inlineSources } from "../../server/http/content-security-policy.ts";
import type { MailConfig } from "../../server/mail/mail-config.ts";
import type { SiteFile, SiteFiles } from "../../server/site/site-files.ts";

function page(html: string): SiteFile {
  return {
    body: Buffer.from(html),
    contentType: "text/html; charset=utf-8",
    cacheControl: "no-cache",
    etag: '"test"',
    modified: new Date("2026-11-22T00:00:00Z"),
    inline: inlineSources(html),
  };
}

/** A two-page site: the API tests need no built site. */
export const testSite: SiteFiles = {
  byPath: new Map([
    ["/", page("<h1>Главная</h1>")],
    ["/appeals", page("<h1>Обращения граждан</h1>")],
  ]),
  notFoundPage: page("<h1>Страница не найдена</h1>"),
};

export type TestApp = {
  app: FastifyInstance;
  data: DataLayer;
  /** Every log line written so far, as text. */
  logLines: string[];
  close(): Promise<void>;
};

export async function startTestApp(options: {
  databaseUrl: string;
  rateLimit?: { perMinute: number; perDay: number };
  trustProxy?: TrustProxy;
  allowLocalhostOrigins?: boolean;
  timeouts?: ServerTimeouts;
  pageHandler?: RequestHandler;
  data?: DataLayer;
  /** Mail to the handlers; off when not given. */
  mail?: MailConfig;
  /**
   * The daily reminder's time (Kirov), off by default: with mail on it would otherwise add its
   * own mail to what a test counts whenever the test runs after 08:00.
   */
  reminderTime?: string | null;
  /**
   * On PostgreSQL, apps given the same name share their rate-limit counts (several app servers
   * of one site); by default each test app counts apart, though tests share a database.
   */
  rateLimitName?: string;
  /** Who may read /metrics; loopback when not given. */
  metricsAllow?: string[];
  /** ANSWER_APPROVAL: on unless told. */
  answerApproval?: boolean;
}): Promise<TestApp> {
  const database = parseDatabaseUrl(options.databaseUrl);
  const data = options.data ?? (await openDataLayer(database));
  const logLines: string[] = [];
  const app = buildApp({
    config: {
      logLevel: "info",
      trustProxy: options.trustProxy ?? false,
      mail: options.mail,
      allowLocalhostOrigins: options.allowLocalhostOrigins ?? false,
      timeouts: options.timeouts,
      reminderTime: options.reminderTime ?? null,
      // The daily purges off: a test about them runs their job itself.
      purgeTime: null,
      ...(options.metricsAllow ? { metricsAllow: options.metricsAllow } : {}),
      ...(options.answerApproval === undefined ? {} : { answerApproval: options.answerApproval }),
    },
    data,
    // Shared in PostgreSQL when the store is, as in production. Generous unless a test is about
    // the limit: every injected request comes from 127.0.0.1.
    rateLimiter: openRateLimiter(
      options.rateLimit ?? { perMinute: 10_000, perDay: 10_000 },
      database,
      options.rateLimitName ?? `test-${randomUUID()}`,
    ),
    site: testSite,
    pageHandler: options.pageHandler,
    logStream: { write: (line) => void logLines.push(line) },
  });
  await app.ready();
  return {
    app,
    data,
    logLines,
    async close() {
      await app.close();
      await data.close();
    },
  };
}

/** A valid appeal as the page sends it. */
export function validAppeal(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    first_name: "Анна-Мария",
    last_name: "Д’Артаньян",
    email: "anna.maria@example.ru",
    phone: "+7 (912) 345-67-89",
    region: "43 - Кировская область",
    comment: "Прошу сообщить сроки агрохимического обследования полей в Слободском районе.",
    consent: true,
    ...overrides,
  };
}

/** Posts an appeal to the API as the page does; fails the test unless it is stored (201). */
export async function postAppeal(
  site: Pick<TestApp, "app">,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; number: string; acknowledged: boolean }> {
  const response = await site.app.inject({
    method: "POST",
    url: "/api/users/appeals/",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(validAppeal(overrides)),
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json();
}
