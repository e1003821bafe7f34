import type { IncomingMessage } from "node:http";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import { posWidgetOrigin } from "./pos-widget.ts";

/**
 * Security headers on every answer, set by @fastify/helmet (a library keeps up with what browsers
 * honour; a hand-written list drifts). Helmet's defaults add HSTS, Cross-Origin-Opener-Policy,
 * Cross-Origin-Resource-Policy, X-Content-Type-Options, X-Frame-Options and others; the policy
 * below states what this site loads.
 *
 * Scripts: our own files plus React Router's inline hydration data on the pages that hydrate.
 * Frames: the maps service and the land map, both on https hosts given in content/.
 */
const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", "'unsafe-inline'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:"],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", "http://localhost:8000"],
    frameSrc: ["https:"],
    formAction: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
  },
};

// Helmet has no Permissions-Policy: the site uses none of these features.
const permissionsPolicy = "camera=(), microphone=(), geolocation=()";

/**
 * Call before any route is added: helmet's hooks must apply to every route. With POS_WIDGET_ID,
 * /appeals alone may also run the Gosuslugi feedback widget's script.
 */
export function registerSecurityHeaders(app: FastifyInstance, { posWidget = false } = {}) {
  const posOnAppeals = (request: IncomingMessage) =>
    posWidget && request.url?.split("?")[0] === "/appeals" ? posWidgetOrigin : "'self'";
  app.register(helmet, {
    contentSecurityPolicy: {
      ...contentSecurityPolicy,
      directives: {
        ...contentSecurityPolicy.directives,
        scriptSrc: [...contentSecurityPolicy.directives.scriptSrc, posOnAppeals],
      },
    },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  app.addHook("onSend", async (_request, reply) => {
    reply.header("permissions-policy", permissionsPolicy);
  });
}
