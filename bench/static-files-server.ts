// One server for bench/static-files.ts, run in its own process: `memory` is the project's app
// (the site held in memory), `disk` is Fastify with @fastify/static reading build/client from
// disk with its precompressed files. Both send the same security headers. Prints the port.

import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import Fastify from "fastify";
import { buildApp } from "../server/app.ts";
import { openDataLayer } from "../server/db/data-layer.ts";
import { registerSecurityHeaders } from "../server/http/security-headers.ts";
import { loadSiteFiles } from "../server/site/site-files.ts";

const siteDir = "build/client";
const mode = process.argv[2];
const site = await loadSiteFiles(siteDir);
// Static files never touch the store; the app still opens a real one, in a temporary folder.
const data = await openDataLayer({
  kind: "sqlite",
  path: join(await mkdtemp(join(tmpdir(), "bench-static-")), "appeals.sqlite"),
});

const app =
  mode === "memory"
    ? buildApp({ config: { logLevel: "silent" }, data, site })
    : Fastify({ logger: false });
if (mode === "disk") {
  registerSecurityHeaders(app, { site, settings: { allowLocalhostApi: false } });
  app.register(fastifyStatic, { root: resolve(siteDir), preCompressed: true });
} else if (mode !== "memory") {
  throw new Error("usage: static-files-server.ts memory|disk");
}
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
console.log(typeof address === "object" && address ? address.port : "");
