/**
 * Staff passwords, hashed with Node's scrypt at OWASP's parameters (N=2^17, r=8, p=1): memory-hard,
 * no native addon. Stored as 'scrypt$N$r$p$salt$hash' (base64url), so the parameters can be raised
 * later without breaking stored hashes. Compared in constant time.
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

export type PasswordParameters = { N: number; r: number; p: number };

/** Every password the service stores is hashed at these (verification reads them from the hash). */
export const passwordParameters: PasswordParameters = { N: 2 ** 17, r: 8, p: 1 };
const keyLength = 32;
// scrypt needs 128 * N * r bytes (128 MiB here); Node's default cap is 32 MiB.
const maxmem = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFC"), salt, keyLength, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** The stored form of a password; `parameters` other than the service's are for tests only. */
export async function hashPassword(
  password: string,
  parameters: PasswordParameters = passwordParameters,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, parameters);
  const { N, r, p } = parameters;
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const key = await derive(password, Buffer.from(salt, "base64url"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash of a password nobody has: unknown logins cost as much time as known ones. Built at
 * start (StaffAuth.prepare): built on first use, it made the first unknown login after a restart
 * take twice as long.
 */
let decoyHash: Promise<string> | undefined;
let decoyBuilt = false;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString("hex")).then((hash) => {
    decoyBuilt = true;
    return hash;
  });
  return decoyHash;
}

/** Whether the decoy hash is ready in this process (tests). */
export function isDecoyHashBuilt(): boolean {
  return decoyBuilt;
}

/** Rules for a new staff password (the CLI refuses weaker ones). */
export function passwordProblem(password: string): string | undefined {
  if (password.length < 12) return "the password must be at least 12 characters long";
  if (password.length > 200) return "the password must be at most 200 characters long";
  return undefined;
}
