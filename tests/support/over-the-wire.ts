import { request as httpRequest, type IncomingHttpHeaders } from "node:http";

export type WireAnswer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/**
 * A request over a real socket to 127.0.0.1: what the node:http server, and so a fast lane
 * (server/site/page-fast-lane.ts, server/appeals/appeal-fast-lane.ts), sees; `app.inject` goes
 * straight to Fastify instead. A body given as one string is
 * sent with its Content-Length, one given as parts is sent chunked.
 */
export function overTheWire(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | string[] = [],
): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: "127.0.0.1", port, method, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on("error", reject);
    // One string goes with its Content-Length; parts go chunked (Transfer-Encoding).
    if (typeof body === "string") request.end(body);
    else {
      for (const part of body) request.write(part);
      request.end();
    }
  });
}
