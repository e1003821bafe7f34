import type { FastifyInstance, FastifyRequest } from "fastify";
import type { DataLayer } from "../db/data-layer.ts";
import { problemMessages, sendProblem } from "../http/problem-answer.ts";
import { addressAllowList } from "./address-allow-list.ts";
import { createServiceMetrics, type ServiceMetrics } from "./service-metrics.ts";

// Methods named as they are; any other word a client sends is one label, so a client cannot
// grow the number of series.
const knownMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * The route pattern that answered ('/api/users/appeals/', '/staff/*'), never the URL as sent:
 * a URL may carry an appeal's id or what a visitor typed. Unmatched requests share one label.
 */
function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? "unmatched";
}

/**
 * GET /metrics (Prometheus text format) for the addresses in METRICS_ALLOW only; anyone else is
 * told there is no such page. Every request is counted as it is answered.
 */
export function registerMetrics(
  app: FastifyInstance,
  deps: { data: DataLayer; allow: readonly string[]; backupsScheduled: boolean },
): ServiceMetrics {
  const metrics = createServiceMetrics(deps.data, deps.backupsScheduled);
  const allowed = addressAllowList(deps.allow);
  const stopListening = deps.data.onStoreError(metrics.storeError);
  app.addHook("onClose", async () => {
    stopListening();
  });

  // A callback hook: it runs on every answer, and an async one costs a promise each time.
  app.addHook("onResponse", (request, reply, done) => {
    const method = knownMethods.has(request.method) ? request.method : "other";
    metrics.request(method, routeLabel(request), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  app.get("/metrics", async (request, reply) => {
    reply.header("cache-control", "no-store");
    if (!allowed(request.ip)) return sendProblem(request, reply, 404, problemMessages.notFound);
    const text = await metrics.scrape();
    return reply.type(metrics.registry.contentType).send(text);
  });
  return metrics;
}
