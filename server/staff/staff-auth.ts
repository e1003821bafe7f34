/**
 * Signing staff in and out: passwords with lockout, sessions kept in the store, every sign-in,
 * sign-out and failure audited. Knows nothing of HTTP; server/staff/staff-routes.ts sets cookies.
 */
import { createHash, randomBytes } from "node:crypto";
import { eventEntry } from "../db/audit-repository.ts";
import type { DataLayer } from "../db/data-layer.ts";
import { decoyPasswordHash, verifyPassword } from "./passwords.ts";

export const sessionLimits = {
  /** A session unused this long is over. */
  idleMs: 30 * 60_000,
  /** A session is over this long after sign-in, however busy. */
  absoluteMs: 12 * 60 * 60_000,
  /** last_seen_at is written at most this often (a write per page view is not needed). */
  touchEveryMs: 60_000,
};

export const lockoutLimits = {
  windowMs: 15 * 60_000,
  /** Failed sign-ins for one login within the window before it is locked. */
  perLogin: 5,
  /** Failed sign-ins from one address within the window before it is locked. */
  perAddress: 20,
};

export const authMessages = {
  wrong: "Неверный логин или пароль.",
  locked:
    "Слишком много неудачных попыток входа. Вход временно заблокирован, попробуйте через 15 минут.",
  missing: "Введите логин и пароль.",
} as const;

export type SignInResult =
  | { ok: true; token: string; login: string }
  | { ok: false; message: string; status: number };

export type SignedIn = { login: string; userId: number; tokenHash: string };

/** Session tokens are stored only as their SHA-256: a copy of the database opens no session. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** Addresses are personal data: the lockout keeps only a hash of them. */
function addressKey(address: string): string {
  return `address:${createHash("sha256").update(address).digest("base64url")}`;
}

export function createStaffAuth(
  data: Pick<DataLayer, "staffAccounts" | "audit">,
  now: () => Date = () => new Date(),
) {
  const accounts = data.staffAccounts;
  return {
    async signIn(login: string, password: string, address: string): Promise<SignInResult> {
      const time = now();
      const trimmedLogin = login.trim();
      if (trimmedLogin === "" || password === "") {
        return { ok: false, message: authMessages.missing, status: 400 };
      }
      const loginKey = `login:${trimmedLogin.toLowerCase()}`;
      const since = new Date(time.getTime() - lockoutLimits.windowMs);
      const user = await accounts.findUser(trimmedLogin);
      // The audit names a login only if it exists: a password typed into the login field must
      // not land in the log.
      const auditLogin = user ? user.login : "(неизвестный логин)";
      const [loginFailures, addressFailures] = await Promise.all([
        accounts.countFailures(loginKey, since),
        accounts.countFailures(addressKey(address), since),
      ]);
      if (loginFailures >= lockoutLimits.perLogin || addressFailures >= lockoutLimits.perAddress) {
        await data.audit.record(eventEntry(time, auditLogin, "sign-in-locked"));
        return { ok: false, message: authMessages.locked, status: 429 };
      }
      const passwordOk = await verifyPassword(
        password,
        user?.password_hash ?? (await decoyPasswordHash()),
      );
      if (!user || !passwordOk || user.disabled_at !== null) {
        await accounts.recordFailure([loginKey, addressKey(address)], time, since);
        await data.audit.record(
          eventEntry(
            time,
            auditLogin,
            "sign-in-failed",
            user?.disabled_at ? "учётная запись отключена" : null,
          ),
        );
        return { ok: false, message: authMessages.wrong, status: 401 };
      }
      const token = randomBytes(32).toString("base64url");
      await accounts.createSession(tokenHash(token), user.id, time);
      await accounts.clearFailures(loginKey);
      await data.audit.record(eventEntry(time, user.login, "sign-in"));
      return { ok: true, token, login: user.login };
    },

    /** The signed-in staff member for a session token, or undefined when it is over. */
    async session(token: string): Promise<SignedIn | undefined> {
      const time = now().getTime();
      const hash = tokenHash(token);
      const session = await accounts.findSession(hash);
      if (!session || session.ended_at !== null || session.disabled_at !== null) return undefined;
      const idle = time - Date.parse(session.last_seen_at);
      const age = time - Date.parse(session.created_at);
      if (idle > sessionLimits.idleMs || age > sessionLimits.absoluteMs) return undefined;
      if (idle > sessionLimits.touchEveryMs) await accounts.touchSession(hash, new Date(time));
      return { login: session.login, userId: session.user_id, tokenHash: hash };
    },

    async signOut(signedIn: SignedIn): Promise<void> {
      const time = now();
      await accounts.endSession(signedIn.tokenHash, time);
      await data.audit.record(eventEntry(time, signedIn.login, "sign-out"));
    },
  };
}

export type StaffAuth = ReturnType<typeof createStaffAuth>;
