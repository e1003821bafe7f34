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
};

const defaultDatabaseUrl = "sqlite:data/appeals.sqlite";

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
  const { PORT, HOST, DATABASE_URL, LOG_LEVEL, SITE_DIR } = result.data;
  return { port: PORT, host: HOST, database: DATABASE_URL, logLevel: LOG_LEVEL, siteDir: SITE_DIR };
}
