/**
 * The keys the lockout counts under: an HMAC-SHA-256 of the normalised login or of the client's
 * address, with a secret kept in the store (server_secrets), never the typed text. A password
 * typed into the login field, or an address, cannot be read back from a copy of the counters
 * without the secret, and an unsalted hash of an IPv4 address (2^32 candidates) is no longer a
 * lookup away.
 */
import { createHmac } from "node:crypto";

export type SignInKeys = { login: string; address: string };

/** The login as the lockout counts it: case, surrounding spaces and Unicode forms folded. */
function normalisedLogin(login: string): string {
  return login.trim().normalize("NFKC").toLowerCase();
}

/** An IPv4 address seen through an IPv6 socket (::ffff:192.0.2.1) counts as the IPv4 address. */
function normalisedAddress(address: string): string {
  return address.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
}

export function createSignInKeys(secret: Buffer) {
  const keyed = (kind: string, text: string) =>
    `${kind}:${createHmac("sha256", secret).update(`${kind}\u0000${text}`).digest("base64url")}`;
  return {
    of(login: string, address: string): SignInKeys {
      return {
        login: keyed("login", normalisedLogin(login)),
        address: keyed("address", normalisedAddress(address)),
      };
    },
  };
}

export type SignInKeyMaker = ReturnType<typeof createSignInKeys>;
