import { buildApp } from "./app.ts";
import { openRateLimiter } from "./appeals/rate-limiter.ts";
import { openStatusLookupGuard } from "./appeals/status-lookup-guard.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDataLayer } from "./db/data-layer.ts";
import { loadPageHandler } from "./pages/react-router-bridge.ts";
import { createWorkerPageRenderer } from "./pages/worker-page-renderer.ts";
import { loadSiteFiles } from "./site/site-files.ts";

// Entry point of `npm start`: configuration, database, site, listen; stop cleanly on a signal.
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }

  const site = await loadSiteFiles(config.siteDir);
  const pageHandler = await loadPageHandler(config.serverBuildPath);
  // Migrated before it is returned: nothing below can read a table that is not there yet.
  // Under the disk reserve DISK_RESERVE_MB sets (config.database carries it, as for the commands).
  const data = await openDataLayer(config.database);
  const rateLimiter = openRateLimiter(config.rateLimit, config.database);
  // Shared by the servers of one PostgreSQL, like the appeals' counts, under a key of its own.
  const statusRateLimiter = openStatusLookupGuard(config.database);
  // A publish's pages rendered off the event loop (issue 40).
  const renderPages = createWorkerPageRenderer({ serverBuildPath: config.serverBuildPath });
  renderPages.start();
  const app = buildApp({
    config,
    data,
    site,
    pageHandler,
    renderPages,
    rateLimiter,
    statusRateLimiter,
  });
  await app.listen({ port: config.port, host: config.host });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "stopping: finishing requests in flight");
    // Idle connections are left to their clients for at most the keep-alive time (nginx closes
    // its own sooner); then a stuck connection must not keep the process alive for ever.
    const drainMs = config.timeouts.keepAliveMs + 1_000;
    setTimeout(() => process.exit(1), drainMs + 10_000).unref();
    await app.drainConnections(drainMs);
    await app.close();
    await data.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

await main();
