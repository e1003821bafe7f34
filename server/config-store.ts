/**
 * Reading the environment (a bad value named with its variable: ConfigError), and the store's
 * settings, DATABASE_URL and DISK_RESERVE_MB, read the same way by the server (config.ts) and by
 * every command that opens the store (loadStoreConfig), so that a command writes under the same
 * disk reserve as the server beside it (issue 40).
 */
import { z } from "zod";
import { defaultDiskReserveMiB } from "./db/sqlite-disk-limits.ts";
import { redactSmtpUrl } from "./mail/mail-config.ts";

/** Where appeals are stored, parsed from DATABASE_URL. */
export type DatabaseConfig =
  /** `diskReserveMiB`: DISK_RESERVE_MB, free space below which SQLite refuses writes. */
  { kind: "sqlite"; path: string; diskReserveMiB?: number } | { kind: "postgres"; url: string };

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

export function limit(defaultValue: number) {
  return z
    .string()
    .regex(/^\d+$/, "must be a whole number")
    .transform(Number)
    .refine((count) => count >= 1, "must be at least 1")
    .refine((count) => count <= 1_000_000, "must be at most 1000000")
    .default(defaultValue);
}

/** A text setting checked by a parser that throws a message on a bad value. */
export function parsed<T>(parse: (value: string) => T) {
  return z.string().transform((value, context) => {
    try {
      return parse(value);
    } catch (error) {
      context.addIssue({ code: "custom", message: (error as Error).message });
      return z.NEVER;
    }
  });
}

/**
 * The store and its disk reserve: read by the server (loadConfig) and by every command that opens
 * the store (loadStoreConfig), so that a command writes under the same reserve as the server.
 */
export const storeShape = {
  DATABASE_URL: z.string().default(defaultDatabaseUrl).pipe(parsed(parseDatabaseUrl)),
  DISK_RESERVE_MB: limit(defaultDiskReserveMiB).refine(
    (megabytes) => megabytes >= 4 && megabytes <= 1_000_000,
    "must be from 4 to 1000000",
  ),
};

/** DATABASE_URL with, for SQLite, DISK_RESERVE_MB: the store as everything here opens it. */
export function storeOf(data: {
  DATABASE_URL: DatabaseConfig;
  DISK_RESERVE_MB: number;
}): DatabaseConfig {
  return data.DATABASE_URL.kind === "sqlite"
    ? { ...data.DATABASE_URL, diskReserveMiB: data.DISK_RESERVE_MB }
    : data.DATABASE_URL;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** The environment through `schema`, or a ConfigError naming each bad variable and its value. */
export function parseEnvironment<T>(schema: z.ZodType<T>, env: NodeJS.ProcessEnv): T {
  // An empty variable means "not set", as in most shells' `VAR= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    // The SMTP and IMAP passwords never reach a log or a terminal.
    const secret = name === "SMTP_URL" || name === "IMAP_URL";
    const given = secret ? redactSmtpUrl(env[name]) : env[name];
    return `  ${name}=${JSON.stringify(given)}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}

const storeSchema = z.object(storeShape);

/**
 * The store DATABASE_URL names, with the disk reserve DISK_RESERVE_MB sets, for the commands
 * that open it (scripts/): the same reading as the server's, so that no command keeps another
 * reserve than the server beside it (issue 40). Throws a ConfigError as loadConfig does.
 */
export function loadStoreConfig(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  return storeOf(parseEnvironment(storeSchema, env));
}
