/**
 * Signing staff in and out: passwords with lockout, sessions kept in the store, every sign-in,
 * sign-out and failure audited. Knows nothing of HTTP; server/pages/staff-session.ts sets cookies.
 *
 * A sign-in passes three gates before its password is checked (decision 0014): a quick read
 * refuses a login or address already locked; a place among the password checks this process
 * runs at once (server/staff/auth/check-capacity.ts); a failure slot reserved in the store, which
 * counts and decides in one step, so parallel attempts on one server or on several see each
 * other. A failed check keeps its slot; a success gives only its own slot back.
 */

import { createHash, randomBytes } from "node:crypto";
import type { StaffRole } from "../../../domain/staff/staff-roles.ts";
import { eventEntry } from "../../db/audit-repository.ts";
import type { DataLayer } from "../../db/data-layer.ts";
import { type CapacityLimits, type CheckCapacity, createCheckCapacity } from "./check-capacity.ts";
import { decoyPasswordHash, verifyPassword } from "./passwords.ts";
import { createSignInKeys, type SignInKeyMaker } from "./sign-in-keys.ts";

export const sessionLimits = {
  /** A session unused this long is over. */
  idleMs: 30 * 60_000,
  /** A session is over this long after sign-in, however busy. */
  absoluteMs: 12 * 60 * 60_000,
  /** last_seen_at is written at most this often (a write per page view is not needed). */
  touchEveryMs: 60_000,
};

export const lockoutLimits = {
  /** A key's window runs this long from its latest counted attempt. */
  windowMs: 15 * 60_000,
  /** Failed sign-ins for one login within the window before it is locked. */
  perLogin: 5,
  /** Failed sign-ins from one address within the window before it is locked. */
  perAddress: 20,
};

/**
 * Password checks at once in one process: two (the machine's cores; 2 x 128 MiB of scrypt), one
 * per address, so one address's burst leaves a check free for everyone else. A request waits
 * for its turn at most 5 s, behind at most 50 others (5 from its own address).
 */
const checkCapacityLimits: CapacityLimits = {
  total: 2,
  perAddress: 1,
  maxWaitMs: 5_000,
  maxWaiting: 50,
  maxWaitingPerAddress: 5,
};

/** The secret (server_secrets) the lockout's keys are keyed with. */
export const signInKeySecretName = "sign-in-keys";

const authMessages = {
  wrong: "Неверный логин или пароль.",
  locked:
    "Слишком много неудачных попыток входа. Вход временно заблокирован, попробуйте через 15 минут.",
  busy: "Сейчас выполняется слишком много попыток входа. Попробуйте ещё раз через минуту.",
  missing: "Введите логин и пароль.",
} as const;

export type SignInResult =
  | { ok: true; token: string; login: string }
  | { ok: false; message: string; status: number };

export type SignedIn = { login: string; role: StaffRole; userId: number; tokenHash: string };

/** Session tokens are stored only as their SHA-256: a copy of the database opens no session. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export type StaffAuthOptions = {
  now?: () => Date;
  capacity?: CheckCapacity;
  /** The password check (tests count the calls). */
  checkPassword?: (password: string, stored: string) => Promise<boolean>;
};

export function createStaffAuth(
  data: Pick<DataLayer, "staffAccounts" | "audit" | "signInGuard" | "secrets" | "transaction">,
  {
    now = () => new Date(),
    capacity = createCheckCapacity(checkCapacityLimits),
    checkPassword = verifyPassword,
  }: StaffAuthOptions = {},
) {
  const accounts = data.staffAccounts;
  let keyMaker: Promise<SignInKeyMaker> | undefined;
  const keys = async (login: string, address: string) => {
    if (!keyMaker) {
      keyMaker = data.secrets.secret(signInKeySecretName).then(createSignInKeys);
      // A store that failed to answer is asked again by the next sign-in.
      keyMaker.catch(() => {
        keyMaker = undefined;
      });
    }
    return (await keyMaker).of(login, address);
  };

  return {
    /**
     * Loads the keys' secret and builds the decoy hash before the first request: built on first
     * use, the first unknown login after a restart took twice as long, telling that it does not
     * exist.
     */
    async prepare(): Promise<void> {
      await Promise.all([keys("", ""), decoyPasswordHash()]);
    },

    async signIn(login: string, password: string, address: string): Promise<SignInResult> {
      const trimmedLogin = login.trim();
      if (trimmedLogin === "" || password === "") {
        return { ok: false, message: authMessages.missing, status: 400 };
      }
      const key = await keys(trimmedLogin, address);
      const user = await accounts.findUser(trimmedLogin);
      // The audit names a login only if it exists: a password typed into the login field must
      // not land in the log.
      const auditLogin = user ? user.login : "(неизвестный логин)";
      const locked = async (firstRefusal: boolean): Promise<SignInResult> => {
        // One line per locked key and window: refused attempts cost no check and must not be
        // a way to fill the audit.
        if (firstRefusal) await data.audit.record(eventEntry(now(), auditLogin, "sign-in-locked"));
        return { ok: false, message: authMessages.locked, status: 429 };
      };
      const fullKey = await data.signInGuard.fullKey(key, lockoutLimits, now());
      if (fullKey) return locked(await data.signInGuard.firstRefusal(fullKey));

      const release = await capacity.acquire(key.address);
      if (!release) return { ok: false, message: authMessages.busy, status: 429 };
      try {
        const reservation = await data.signInGuard.reserve(key, lockoutLimits, now());
        if (!reservation.granted) return locked(reservation.firstRefusal);
        const passwordOk = await checkPassword(
          password,
          user?.password_hash ?? (await decoyPasswordHash()),
        );
        const time = now();
        if (!user || !passwordOk || user.disabled_at !== null) {
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
        await data.transaction(async (tx) => {
          await accounts.createSession(tokenHash(token), user.id, time, tx);
          await data.signInGuard.release([key.login, key.address], tx);
          await data.audit.record(eventEntry(time, user.login, "sign-in"), tx);
        });
        return { ok: true, token, login: user.login };
      } finally {
        release();
      }
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
      return { login: session.login, role: session.role, userId: session.user_id, tokenHash: hash };
    },

    async signOut(signedIn: SignedIn): Promise<void> {
      const time = now();
      await accounts.endSession(signedIn.tokenHash, time);
      await data.audit.record(eventEntry(time, signedIn.login, "sign-out"));
    },
  };
}

export type StaffAuth = ReturnType<typeof createStaffAuth>;
