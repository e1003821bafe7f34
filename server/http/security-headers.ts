import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import type { SiteFile, SiteFiles } from "../site/site-files.ts";
import {
  type Directives,
  type PolicySettings,
  prerenderedPagePolicy,
  serverAnswerPolicy,
} from "./content-security-policy.ts";

// Helmet has no Permissions-Policy: the site uses none of these features.
const permissionsPolicy = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

const oneYear = 365 * 24 * 60 * 60;

/** Header name (lower case) -> value: the whole set one kind of answer carries. */
export type HeaderSet = Readonly<Record<string, string>>;

/**
 * The security headers of an answer under one Content-Security-Policy, as helmet writes them (a
 * library keeps up with what browsers honour; a hand-written list drifts): HSTS for a year with
 * subdomains, Cross-Origin-Opener-Policy same-origin, Referrer-Policy, X-Content-Type-Options,
 * frames refused, the policy itself (server/http/content-security-policy.ts: no 'unsafe-inline', no
 * 'unsafe-eval'). Every value is fixed for a policy, so helmet runs once per policy and its output
 * is kept: running it per answer cost 6% of the server's CPU serving a page (decision 0011).
 */
function securityHeaders(directives: Directives): HeaderSet {
  const options: HelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity: { maxAge: oneYear, includeSubDomains: true },
    crossOriginOpenerPolicy: { policy: "same-origin" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
  };
  const headers: Record<string, string> = {};
  // helmet is connect middleware: it only sets and removes headers on the response.
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  headers["permissions-policy"] = permissionsPolicy;
  return Object.freeze(headers);
}

export type PagePolicies = {
  /** The policy a prerendered page is served with, by its path and file. */
  policyOf(path: string, file: SiteFile): string | undefined;
  /** What the onRequest hook puts on every answer (the server answers' policy among them). */
  everyAnswer: HeaderSet;
};

/**
 * Security headers on every answer from one place. Server-rendered answers (the no-JS form's
 * answer, staff pages, errors) carry no inline code of their own: the site's build-time inline
 * blocks are allowed by hash, anything else is refused. A prerendered page's answer replaces the
 * policy with the page's own (the returned table, which server/site/static-site.ts reads). Call before
 * any route is added.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { site: SiteFiles; settings: PolicySettings },
): PagePolicies {
  const pages = [...options.site.byPath.values(), options.site.notFoundPage];
  const siteBlocks = {
    scripts: [...new Set(pages.flatMap((file) => file.inline?.scripts ?? []))],
    styles: [...new Set(pages.flatMap((file) => file.inline?.styles ?? []))],
  };
  const headers = securityHeaders(serverAnswerPolicy(siteBlocks, options.settings));
  // A callback hook, not an async one: it runs on every answer, and a promise each time costs.
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  // Each page's policy, worked out once (server/site/static-site.ts asks when it loads the site).
  const policies = new WeakMap<SiteFile, string>();
  const policyOf = (path: string, file: SiteFile) => {
    if (!file.inline) return undefined;
    let policy = policies.get(file);
    if (policy === undefined) {
      const directives = prerenderedPagePolicy(path, file.inline, options.settings);
      policy = securityHeaders(directives)["content-security-policy"] ?? "";
      policies.set(file, policy);
    }
    return policy;
  };
  return { policyOf, everyAnswer: headers };
}
