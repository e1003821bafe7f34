import { isIP } from "node:net";
import { z } from "zod";

/** Where appeals are stored, parsed from DATABASE_URL. */
export type DatabaseConfig = { kind: "sqlite"; path: string } | { kind: "postgres"; url: string };

export type ServerConfig = {
  port: number;
  host: string;
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
   * Development only (NODE_ENV is not "production"): a page on another localhost port may post to
   * the API on a loopback address, and gets a CORS answer. Refused in production.
   */
  allowLocalhostOrigins: boolean;
  timeouts: ServerTimeouts;
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

export const defaultDatabaseUrl = "sqlite:data/appeals.sqlite";

export function parseDatabaseUrl(value: string): DatabaseConfig {
  if (value.startsWith("sqlite:")) {
    const path = value.slice("sqlite:".length).replace(/^\/\/(?=\/)/, "");
    if (path === "") throw new Error("sqlite: needs a file path, e.g. sqlite:data/appeals.sqlite");
    return { kind: "sqlite", path };
  }
  if (value.startsWith("postgres://") || value.startsWith("postgresql://")) {
    try {
      new URL(value);
    } catch {
      throw new Error("not a valid postgres:// URL");
    }
    return { kind: "postgres", url: value };
  }
  throw new Error("must start with sqlite: or postgres://");
}

/** "false" | hop count | comma-separated addresses or CIDR ranges of the proxies. */
export function parseTrustProxy(value: string): TrustProxy {
  const trimmed = value.trim().toLowerCase();
  if (trimmed === "false" || trimmed === "0") return false;
  if (trimmed === "true") {
    throw new Error(
      "true is refused: it believes every X-Forwarded-For hop, and the leftmost is whatever the client wrote (a forged address defeats the rate limit and the consent record); give the number of proxy hops (e.g. 1) or the proxies' addresses",
    );
  }
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const addresses = trimmed.split(",").map((part) => part.trim());
  for (const address of addresses) {
    const [ip, prefix, ...rest] = address.split("/");
    const version = isIP(ip ?? "");
    const prefixOk =
      prefix === undefined ||
      (/^\d+$/.test(prefix) && Number(prefix) <= (version === 6 ? 128 : 32));
    if (version === 0 || !prefixOk || rest.length > 0) {
      throw new Error(
        `must be false, a number of proxy hops, or IP addresses/CIDR ranges separated by commas (bad: "${address}")`,
      );
    }
  }
  return addresses;
}

function limit(defaultValue: number) {
  return z
    .string()
    .regex(/^\d+$/, "must be a whole number")
    .transform(Number)
    .refine((count) => count >= 1, "must be at least 1")
    .refine((count) => count <= 1_000_000, "must be at most 1000000")
    .default(defaultValue);
}

const envSchema = z.object({
  PORT: z
    .string()
    .regex(/^\d+$/, "must be a whole number")
    .transform(Number)
    .refine((port) => port <= 65535, "must be at most 65535")
    .default(8000),
  HOST: z.string().min(1, "must not be empty").default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .default(defaultDatabaseUrl)
    .transform((value, context) => {
      try {
        return parseDatabaseUrl(value);
      } catch (error) {
        context.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SITE_DIR: z.string().min(1).default("build/client"),
  SERVER_BUILD: z.string().min(1).default("build/server/index.js"),
  RATE_LIMIT_PER_MINUTE: limit(10),
  RATE_LIMIT_PER_DAY: limit(100),
  NODE_ENV: z.string().optional(),
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((value, context) => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        context.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),
});

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * Reads the configuration from the environment. A bad value stops the server at start with a
 * message that names the variable, what is wrong and the value given.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  // An empty variable means "not set", as in most shells' `VAR= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `  ${name}=${JSON.stringify(env[name])}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const data = result.data;
  return {
    port: data.PORT,
    host: data.HOST,
    database: data.DATABASE_URL,
    logLevel: data.LOG_LEVEL,
    siteDir: data.SITE_DIR,
    serverBuildPath: data.SERVER_BUILD,
    rateLimit: { perMinute: data.RATE_LIMIT_PER_MINUTE, perDay: data.RATE_LIMIT_PER_DAY },
    trustProxy: data.TRUST_PROXY,
    allowLocalhostOrigins: data.NODE_ENV !== "production",
    timeouts: defaultTimeouts,
  };
}
