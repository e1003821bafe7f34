import { z } from "zod";
import type { ArchiveRules } from "../domain/archive/storage-terms.ts";
import { timeOfDayPattern } from "../domain/text/patterns.ts";
import { parseAddressRanges, parseSiteUrl, parseTrustProxy } from "./config-addresses.ts";
import { archiveRulesOf, archiveShape } from "./config-archive.ts";
import {
  type DatabaseConfig,
  limit,
  parsed,
  parseEnvironment,
  storeOf,
  storeShape,
} from "./config-store.ts";
import { defaultHeartbeatMs } from "./db/site-edition-signals.ts";
import { type ImapUrl, parseImapUrl } from "./mail/inbound/imap-url.ts";
import {
  defaultLeaseMs,
  defaultMailConnections,
  defaultRetrySchedule,
  type MailConfig,
  parseAddressList,
  parseReturnPath,
  parseSender,
  parseSmtpUrl,
} from "./mail/mail-config.ts";
import type { BackupSchedule } from "./operations/scheduled-backup.ts";

export {
  ConfigError,
  type DatabaseConfig,
  defaultDatabaseUrl,
  loadStoreConfig,
  parseDatabaseUrl,
} from "./config-store.ts";

/** When the daily reminder goes out unless REMINDER_TIME says otherwise: Kirov time. */
export const defaultReminderTime = "08:00";
/** When the daily backup is taken unless BACKUP_TIME says otherwise: Kirov time, a quiet hour. */
const defaultBackupTime = "03:00";
/** When the purges run unless PURGE_TIME says otherwise: Kirov time, after the backup. */
export const defaultPurgeTime = "04:00";
/** Daily backups kept unless BACKUP_KEEP says otherwise: two weeks. */
const defaultBackupKeep = 14;
/** Who may read /metrics unless METRICS_ALLOW says otherwise: this machine only. */
export const defaultMetricsAllow = ["127.0.0.1", "::1"];
/** Days sign-in audit lines are kept unless SIGN_IN_AUDIT_DAYS says otherwise: a year. */
export const defaultSignInAuditDays = 365;
/** Appeals from one client address unless RATE_LIMIT_PER_MINUTE and RATE_LIMIT_PER_DAY say otherwise. */
export const defaultRateLimit = { perMinute: 10, perDay: 100 } as const;

export type ServerConfig = {
  port: number;
  host: string;
  /** The store, with (SQLite) the disk reserve DISK_RESERVE_MB sets: see loadStoreConfig. */
  database: DatabaseConfig;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /** Directory of the built site (prerendered HTML and assets). */
  siteDir: string;
  /** React Router's server build: renders the appeal page's answer to a form posted without JS. */
  serverBuildPath: string;
  /** Appeals accepted from one client address (both the API and the form). */
  rateLimit: { perMinute: number; perDay: number };
  /**
   * Whom to believe about the client's address (X-Forwarded-For): nobody (false, the default:
   * the server faces the Internet), a number of proxy hops, or the proxies' addresses. Never
   * "every hop": the leftmost X-Forwarded-For is whatever the client wrote.
   */
  trustProxy: TrustProxy;
  /**
   * The site's public address (an origin, no trailing slash): canonical links, Open Graph, the
   * sitemap and robots.txt are written with it when the server loads the built pages.
   */
  siteUrl: string;
  /** The organisation's id on the Gosuslugi feedback platform (ПОС); no widget when absent. */
  posWidgetId?: string;
  /** E-mail notifications of appeals to the handlers (server/mail/). */
  mail: MailConfig;
  /** The organisation's mailbox read into the registry (IMAP_URL, issue 46); null: not read. */
  imap: ImapUrl | null;
  /** When the daily reminder of due appeals goes to the handlers: Kirov time 'HH:MM'; null: off. */
  reminderTime: string | null;
  /** The daily backup (BACKUP_DIR, BACKUP_KEEP, BACKUP_TIME in Kirov time); null: off. */
  backup: BackupSchedule | null;
  /** Who may read GET /metrics: addresses or CIDR ranges (METRICS_ALLOW). */
  metricsAllow: string[];
  /** Days sign-in, sign-out and refusal lines stay in the staff audit before the daily purge. */
  signInAuditDays: number;
  /**
   * Daily purges of sign-in leftovers, of the audit's sign-in lines and of unused site uploads
   * (never of appeals: a case goes only by an approved act, issue 45): Kirov 'HH:MM'; null: off.
   */
  purgeTime: string | null;
  /** An executor's answer waits for a head's approval before it goes out (ANSWER_APPROVAL). */
  answerApproval: boolean;
  /** A site editor's change waits for a head's approval before it is published (CONTENT_APPROVAL). */
  contentApproval: boolean;
  /**
   * Development only (NODE_ENV is not "production"): a page on another localhost port may post to
   * the API on a loopback address, and gets a CORS answer. Refused in production.
   */
  allowLocalhostOrigins: boolean;
  timeouts: ServerTimeouts;
  /**
   * Production (NODE_ENV=production): /healthz and the start-up log say how many placeholder
   * values of the seed are still published (decision 0040).
   */
  reportPlaceholders: boolean;
  /**
   * PostgreSQL: how often each server's publish-notice listener sends itself a notice; silent for
   * three of these, it connects again and /healthz says 503 (issue 40).
   */
  publishHeartbeatMs: number;
  /** Storage terms by topic and the cases' indexes (ARCHIVE_*, server/config-archive.ts). */
  archive: ArchiveRules;
};

export type TrustProxy = false | number | string[];

/**
 * How long a client may take, in milliseconds (documented in README.md): slow or silent clients
 * are cut so they cannot hold the server's connections.
 */
export type ServerTimeouts = {
  /** From connection (or the previous answer) to the end of the request's headers. */
  headersMs: number;
  /** From the start of a request to the end of its body. */
  requestMs: number;
  /** An idle keep-alive connection between requests. */
  keepAliveMs: number;
  /** A socket with no traffic at all. */
  idleSocketMs: number;
  /** How often Node checks the two request timers above. */
  checkIntervalMs: number;
};

export const defaultTimeouts: ServerTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
  idleSocketMs: 30_000,
  checkIntervalMs: 1_000,
};

/** A daily job's time, 'HH:MM' in Kirov time, or 'off'. */
const timeOrOff = (text: string) => text === "off" || timeOfDayPattern.test(text);

const envSchema = z
  .object({
    PORT: z
      .string()
      .regex(/^\d+$/, "must be a whole number")
      .transform(Number)
      .refine((port) => port <= 65535, "must be at most 65535")
      .default(8000),
    HOST: z.string().min(1, "must not be empty").default("0.0.0.0"),
    ...storeShape,
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    SITE_DIR: z.string().min(1).default("build/client"),
    SERVER_BUILD: z.string().min(1).default("build/server/index.js"),
    RATE_LIMIT_PER_MINUTE: limit(defaultRateLimit.perMinute),
    RATE_LIMIT_PER_DAY: limit(defaultRateLimit.perDay),
    TRUST_PROXY: z.string().default("false").pipe(parsed(parseTrustProxy)),
    SMTP_URL: parsed(parseSmtpUrl).optional(),
    APPEALS_NOTIFY_TO: parsed(parseAddressList).optional(),
    ANTICORRUPTION_NOTIFY_TO: parsed(parseAddressList).optional(),
    MAIL_FROM: parsed(parseSender).optional(),
    IMAP_URL: parsed(parseImapUrl).optional(),
    MAIL_RETURN_PATH: parsed(parseReturnPath).optional(),
    MAIL_RETRY_FIRST_WAIT_MS: limit(defaultRetrySchedule.firstWaitMs),
    MAIL_LEASE_MS: limit(defaultLeaseMs),
    MAIL_CONNECTIONS: limit(defaultMailConnections).refine(
      (count) => count <= 20,
      "must be at most 20",
    ),
    MAIL_MAX_ATTEMPTS: limit(defaultRetrySchedule.maxAttempts).refine(
      (count) => count <= 100,
      "must be at most 100",
    ),
    NODE_ENV: z.string().optional(),
    SITE_URL: z.string().optional(),
    POS_WIDGET_ID: z
      .string()
      .regex(/^\d{1,20}$/, "must be the organisation's numeric id on pos.gosuslugi.ru")
      .optional(),
    REMINDER_TIME: z
      .string()
      .refine(timeOrOff, "must be HH:MM in Kirov time, e.g. 08:00, or off")
      .default(defaultReminderTime),
    PURGE_TIME: z
      .string()
      .refine(timeOrOff, "must be HH:MM in Kirov time, e.g. 04:00, or off")
      .default(defaultPurgeTime),
    BACKUP_DIR: z.string().optional(),
    BACKUP_KEEP: limit(defaultBackupKeep).refine(
      (count) => count <= 10_000,
      "must be at most 10000",
    ),
    BACKUP_TIME: z
      .string()
      .regex(timeOfDayPattern, "must be HH:MM in Kirov time, e.g. 03:00")
      .default(defaultBackupTime),
    METRICS_ALLOW: z.string().optional().pipe(parsed(parseAddressRanges).optional()),
    SIGN_IN_AUDIT_DAYS: limit(defaultSignInAuditDays).refine(
      (days) => days <= 36_500,
      "must be at most 36500",
    ),
    ANSWER_APPROVAL: z.enum(["on", "off"], { error: "must be on or off" }).default("on"),
    CONTENT_APPROVAL: z.enum(["on", "off"], { error: "must be on or off" }).default("on"),
    PUBLISH_HEARTBEAT_MS: limit(defaultHeartbeatMs).refine(
      (ms) => ms >= 100 && ms <= 600_000,
      "must be from 100 to 600000",
    ),
    ...archiveShape,
  })
  .superRefine((env, context) => {
    if (env.SMTP_URL === undefined) return;
    for (const name of ["APPEALS_NOTIFY_TO", "MAIL_FROM"] as const) {
      if (env[name] === undefined) {
        context.addIssue({ code: "custom", path: [name], message: "must be set when SMTP_URL is" });
      }
    }
  });

const configSchema = envSchema.transform((data, context) => {
  try {
    return { ...data, SITE_URL: parseSiteUrl(data.SITE_URL, data.NODE_ENV === "production") };
  } catch (error) {
    context.addIssue({ code: "custom", path: ["SITE_URL"], message: (error as Error).message });
    return z.NEVER;
  }
});

/**
 * Reads the configuration from the environment. A bad value stops the server at start with a
 * message that names the variable, what is wrong and the value given.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const data = parseEnvironment(configSchema, env);
  return {
    port: data.PORT,
    host: data.HOST,
    database: storeOf(data),
    logLevel: data.LOG_LEVEL,
    siteDir: data.SITE_DIR,
    serverBuildPath: data.SERVER_BUILD,
    rateLimit: { perMinute: data.RATE_LIMIT_PER_MINUTE, perDay: data.RATE_LIMIT_PER_DAY },
    trustProxy: data.TRUST_PROXY,
    siteUrl: data.SITE_URL,
    ...(data.POS_WIDGET_ID ? { posWidgetId: data.POS_WIDGET_ID } : {}),
    mail: {
      smtpUrl: data.SMTP_URL ?? null,
      notifyTo: data.APPEALS_NOTIFY_TO ?? [],
      anticorruptionNotifyTo: data.ANTICORRUPTION_NOTIFY_TO ?? [],
      from: data.MAIL_FROM ?? "",
      retry: { firstWaitMs: data.MAIL_RETRY_FIRST_WAIT_MS, maxAttempts: data.MAIL_MAX_ATTEMPTS },
      leaseMs: data.MAIL_LEASE_MS,
      connections: data.MAIL_CONNECTIONS,
      ...(data.MAIL_RETURN_PATH ? { returnPath: data.MAIL_RETURN_PATH } : {}),
    },
    imap: data.IMAP_URL ?? null,
    reminderTime: data.REMINDER_TIME === "off" ? null : data.REMINDER_TIME,
    backup: data.BACKUP_DIR
      ? { dir: data.BACKUP_DIR, keep: data.BACKUP_KEEP, time: data.BACKUP_TIME }
      : null,
    metricsAllow: data.METRICS_ALLOW ?? defaultMetricsAllow,
    signInAuditDays: data.SIGN_IN_AUDIT_DAYS,
    purgeTime: data.PURGE_TIME === "off" ? null : data.PURGE_TIME,
    answerApproval: data.ANSWER_APPROVAL === "on",
    contentApproval: data.CONTENT_APPROVAL === "on",
    allowLocalhostOrigins: data.NODE_ENV !== "production",
    timeouts: defaultTimeouts,
    reportPlaceholders: data.NODE_ENV === "production",
    publishHeartbeatMs: data.PUBLISH_HEARTBEAT_MS,
    archive: archiveRulesOf(data),
  };
}
