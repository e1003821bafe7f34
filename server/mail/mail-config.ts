import addressparser from "nodemailer/lib/addressparser";
import { z } from "zod";

/** E-mail to the handlers (SMTP_URL, APPEALS_NOTIFY_TO, MAIL_FROM and the retry schedule). */
export type MailConfig = {
  /** smtp:// or smtps:// with any credentials; null: mail is off and notifications wait. */
  smtpUrl: string | null;
  /** The handlers' addresses. */
  notifyTo: string[];
  /**
   * ANTICORRUPTION_NOTIFY_TO (issue 29): who gets the handlers' notification of a corruption
   * report besides them; none when absent.
   */
  anticorruptionNotifyTo?: string[];
  /** The sender, 'Name <address>' or an address. */
  from: string;
  retry: RetrySchedule;
  /**
   * How long a claimed mail stays held after its sender last renewed the claim (every quarter of
   * it while sending, delivery-lease.ts): what a mail waits when its sender died mid-send.
   */
  leaseMs: number;
  /** SMTP connections a server keeps open, and so mails it sends at once (MAIL_CONNECTIONS). */
  connections: number;
  /**
   * MAIL_RETURN_PATH (issue 46), e.g. bounces@example.ru: each mail's envelope sender is then
   * `bounces+<delivery id>@example.ru` (VERP), so a bounce names its delivery; the From header
   * stays MAIL_FROM. Absent: the envelope sender is MAIL_FROM's address, as before.
   */
  returnPath?: string;
};

export const defaultLeaseMs = 30_000;
export const defaultMailConnections = 4;

/**
 * Tries of one notification: the first at once, then after `firstWaitMs`, doubling each time, up
 * to `maxAttempts` tries in all. Defaults: 30 s and 10 tries, so the last try comes about
 * 4 h 15 min after the first (30 s × (2^9 − 1)).
 */
export type RetrySchedule = { firstWaitMs: number; maxAttempts: number };

export const defaultRetrySchedule: RetrySchedule = { firstWaitMs: 30_000, maxAttempts: 10 };

/** The wait after try number `attempt` (1-based) fails, or null when it was the last. */
export function waitAfterFailedAttempt(schedule: RetrySchedule, attempt: number): number | null {
  return attempt >= schedule.maxAttempts ? null : schedule.firstWaitMs * 2 ** (attempt - 1);
}

const emailAddress = z.email();

/** 'a@x.ru, Приёмная <b@x.ru>' -> the addresses; throws with a reason on anything else. */
export function parseAddressList(value: string): string[] {
  const entries = addressparser(value);
  if (entries.length === 0) throw new Error("must hold at least one e-mail address");
  return entries.map((entry) => {
    if (entry.group !== undefined || !emailAddress.safeParse(entry.address).success) {
      throw new Error(
        "must be e-mail addresses separated by commas, e.g. a@example.ru, b@example.ru",
      );
    }
    return entry.address;
  });
}

/** One sender: 'Name <address>' or an address, kept as written. */
export function parseSender(value: string): string {
  const entries = addressparser(value);
  const only = entries[0];
  if (
    entries.length !== 1 ||
    only?.group !== undefined ||
    !emailAddress.safeParse(only?.address).success
  ) {
    throw new Error('must be one address, e.g. "Сайт <noreply@example.ru>" or noreply@example.ru');
  }
  return value.trim();
}

/** One bare address for VERP: no name, and no '+' (which starts a delivery's id after it). */
export function parseReturnPath(value: string): string {
  const address = value.trim();
  if (!emailAddress.safeParse(address).success || address.includes("+")) {
    throw new Error("must be one address without a name or '+', e.g. bounces@example.ru");
  }
  return address;
}

/** The envelope sender of one delivery: bounces@example.ru → bounces+42@example.ru. */
export function verpAddress(returnPath: string, deliveryId: string): string {
  const at = returnPath.lastIndexOf("@");
  return `${returnPath.slice(0, at)}+${deliveryId}${returnPath.slice(at)}`;
}

/** smtp://user:pass@host:587 or smtps://user:pass@host:465; throws with a reason otherwise. */
export function parseSmtpUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(
      "not a valid URL; expected smtp://user:pass@host:587 or smtps://user:pass@host:465",
    );
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") {
    throw new Error("must start with smtp:// or smtps://");
  }
  if (url.hostname === "") throw new Error("must name a host, e.g. smtp://mail.example.ru:587");
  return value;
}

/** The URL as it may be shown in a message: the password replaced by ***. */
export function redactSmtpUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    if (url.password !== "") url.password = "***";
    return url.toString();
  } catch {
    return value.replace(/:[^:@/]*@/, ":***@");
  }
}
