// The baseline for pages: a bare node:http server that does only what any server must to send
// a page: match the path, write headers and bytes worked out before the first request. The
// answers (status line aside) are the project's own, read off it by bench/run.ts: the same
// brotli bytes (after the server wrote its settings into the page), the same headers, the
// same Content-Length. ANSWERS names a JSON file: path -> { headers: [name, value, ...], body:
// base64 }.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

type Answer = { headers: string[]; body: string };
const answers = new Map<string, { headers: string[]; body: Buffer }>();
const file = process.env.ANSWERS;
if (!file) throw new Error("ANSWERS: a JSON file of the answers to send");
for (const [path, answer] of Object.entries(
  JSON.parse(readFileSync(file, "utf8")) as Record<string, Answer>,
)) {
  answers.set(path, { headers: answer.headers, body: Buffer.from(answer.body, "base64") });
}

const server = createServer((request, response) => {
  const answer = answers.get(request.url ?? "");
  if (!answer) {
    response.writeHead(404, ["content-length", "0"]).end();
    return;
  }
  response.writeHead(200, answer.headers).end(answer.body);
});
server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("listening"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
