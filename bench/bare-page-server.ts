// The baseline for pages: a bare node:http server answering the same prerendered bytes (brotli,
// as browsers ask for it) from memory, with the headers the project answers each page with
// (HEADERS: path -> headers, read off the project's answer by bench/run.ts).
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";

const siteDir = process.env.SITE_DIR ?? "build/client";
const headers = JSON.parse(process.env.HEADERS ?? "{}") as Record<string, Record<string, string>>;
const pages = new Map<string, Buffer>();
for (const path of (process.env.PAGES ?? "/").split(",")) {
  const file = path === "/" ? "index.html" : `${path.slice(1)}/index.html`;
  pages.set(path, readFileSync(join(siteDir, `${file}.br`)));
}

const server = createServer((request, response) => {
  const body = pages.get(request.url ?? "");
  if (!body) {
    response.writeHead(404);
    response.end();
    return;
  }
  response.writeHead(200, {
    "content-type": "text/html; charset=utf-8",
    "content-encoding": "br",
    ...headers[request.url ?? ""],
  });
  response.end(body);
});
server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("listening"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
