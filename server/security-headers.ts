import helmet from "@fastify/helmet";
import type { FastifyInstance, FastifyReply } from "fastify";
import {
  type Directives,
  type PolicySettings,
  prerenderedPagePolicy,
  serverAnswerPolicy,
} from "./content-security-policy.ts";
import type { SiteFile, SiteFiles } from "./site-files.ts";

// Helmet has no Permissions-Policy: the site uses none of these features.
const permissionsPolicy = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

const oneYear = 365 * 24 * 60 * 60;

/**
 * Security headers on every answer from one place, set by @fastify/helmet (a library keeps up
 * with what browsers honour; a hand-written list drifts): HSTS for a year with subdomains,
 * Cross-Origin-Opener-Policy same-origin, Referrer-Policy, X-Content-Type-Options, frames refused,
 * and a Content-Security-Policy without 'unsafe-inline' or 'unsafe-eval'
 * (server/content-security-policy.ts). Server-rendered answers get a fresh nonce (helmet's
 * `enableCSPNonces`, read as `reply.cspNonce`); a prerendered page gets its own policy with the
 * hashes of its inline blocks (`sendPrerenderedPage`). Call before any route is added.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { site: SiteFiles; settings: PolicySettings },
) {
  const pages = [...options.site.byPath.values(), options.site.notFoundPage];
  const siteBlocks = {
    scripts: [...new Set(pages.flatMap((file) => file.inline?.scripts ?? []))],
    styles: [...new Set(pages.flatMap((file) => file.inline?.styles ?? []))],
  };
  app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: serverAnswerPolicy(siteBlocks, options.settings),
    },
    strictTransportSecurity: { maxAge: oneYear, includeSubDomains: true },
    crossOriginOpenerPolicy: { policy: "same-origin" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
  });
  app.addHook("onSend", async (_request, reply) => {
    reply.header("permissions-policy", permissionsPolicy);
  });
}

/** Replaces the answer's policy with the prerendered page's own (its hashes, its allowances). */
export function applyPagePolicy(
  reply: FastifyReply,
  path: string,
  file: SiteFile,
  settings: PolicySettings,
) {
  if (!file.inline) return;
  const directives: Directives = prerenderedPagePolicy(path, file.inline, settings);
  reply.helmet({ contentSecurityPolicy: { useDefaults: false, directives } });
}
