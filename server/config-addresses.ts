/**
 * The addresses the configuration names, each read and checked once: the proxies trusted for
 * X-Forwarded-* (TRUST_PROXY), address ranges (TRUST_PROXY's proxies, METRICS_ALLOW) and the
 * site's public origin (SITE_URL). config.ts reads the environment with them.
 */
import { isIP } from "node:net";
import type { TrustProxy } from "./config.ts";
import { isLoopback } from "./http/request-guards.ts";

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
  try {
    return parseAddressRanges(trimmed);
  } catch (error) {
    throw new Error(`must be false, a number of proxy hops, or ${(error as Error).message}`);
  }
}

/** Comma-separated IP addresses or CIDR ranges (TRUST_PROXY's proxies, METRICS_ALLOW). */
export function parseAddressRanges(value: string): string[] {
  const addresses = value
    .trim()
    .toLowerCase()
    .split(",")
    .map((part) => part.trim());
  for (const address of addresses) {
    const [ip, prefix, ...rest] = address.split("/");
    const version = isIP(ip ?? "");
    const prefixOk =
      prefix === undefined ||
      (/^\d+$/.test(prefix) && Number(prefix) <= (version === 6 ? 128 : 32));
    if (version === 0 || !prefixOk || rest.length > 0) {
      throw new Error(`IP addresses or CIDR ranges separated by commas (bad: "${address}")`);
    }
  }
  return addresses;
}

export const developmentSiteUrl = "http://localhost:8000";

/**
 * SITE_URL: an absolute https origin ("https://agrochem-kirov.ru"), required in production. In
 * development it defaults to http://localhost:8000, and http is allowed for a local address.
 */
export function parseSiteUrl(value: string | undefined, production: boolean): string {
  if (value === undefined) {
    if (production) {
      throw new Error(
        "required in production (NODE_ENV=production): the site's public address, e.g. https://agrochem-kirov.ru",
      );
    }
    return developmentSiteUrl;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error("must be an absolute address, e.g. https://agrochem-kirov.ru");
  }
  const local = isLoopback(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && local && !production)) {
    throw new Error(
      production
        ? "must be an https:// address in production"
        : "must be an https:// address (http:// only for localhost)",
    );
  }
  if (url.pathname !== "/" || url.search !== "" || url.hash !== "" || url.username !== "") {
    throw new Error("must be the site's origin only, with no path, query or fragment");
  }
  return url.origin;
}
