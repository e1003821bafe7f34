import type { FastifyInstance } from "fastify";
import { posWidgetOrigin } from "./pos-widget.ts";

// Scripts: our own files plus React Router's inline hydration data on the pages that hydrate.
// Frames: the maps service and the land map, both on https hosts given in content/.
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self' http://localhost:8000",
  "frame-src https:",
  "form-action 'self'",
  "base-uri 'self'",
  "object-src 'none'",
  "frame-ancestors 'self'",
].join("; ");

// With POS_WIDGET_ID, /appeals alone may also run the Gosuslugi feedback widget's script.
const appealsWithPosPolicy = contentSecurityPolicy.replace(
  "script-src 'self' 'unsafe-inline'",
  `script-src 'self' 'unsafe-inline' ${posWidgetOrigin}`,
);

export function registerSecurityHeaders(app: FastifyInstance, { posWidget = false } = {}) {
  app.addHook("onSend", async (request, reply) => {
    const withPos = posWidget && request.url.split("?")[0] === "/appeals";
    reply
      .header("content-security-policy", withPos ? appealsWithPosPolicy : contentSecurityPolicy)
      .header("x-content-type-options", "nosniff")
      .header("referrer-policy", "strict-origin-when-cross-origin")
      .header("x-frame-options", "SAMEORIGIN")
      .header("permissions-policy", "camera=(), microphone=(), geolocation=()");
  });
}
