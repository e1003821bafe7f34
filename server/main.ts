import { buildApp } from "./app.ts";
import { loadPageHandler } from "./appeals/page-requests.ts";
import { openRateLimiter } from "./appeals/rate-limiter.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { loadSiteFiles } from "./site-files.ts";
import { openStaffStore } from "./staff/open-staff-store.ts";
import { openStore } from "./store/open-store.ts";

// Entry point of `npm start`: configuration, store, site, listen; stop cleanly on a signal.
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
  const store = await openStore(config.database);
  const staffStore = await openStaffStore(config.database);
  // After the store: its migrations create the PostgreSQL limiter's table.
  const rateLimiter = openRateLimiter(config.rateLimit, config.database);
  const app = buildApp({ config, store, site, pageHandler, staffStore, rateLimiter });
  await app.listen({ port: config.port, host: config.host });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "stopping: finishing requests in flight");
    // A stuck connection must not keep the process alive for ever.
    setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    await staffStore.close();
    await store.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

await main();
