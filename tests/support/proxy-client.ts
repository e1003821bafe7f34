// For tests: a client of nginx as a browser reaches it, over TLS and HTTP/2 (ALPN), trusting the
// test's self-signed certificate, from a loopback address of the caller's choosing (nginx then
// sees that address as the client's: 127.0.0.2 is another visitor than 127.0.0.3).
import { type ClientHttp2Session, connect, type IncomingHttpHeaders } from "node:http2";
import { connect as netConnect } from "node:net";
import { connect as tlsConnect } from "node:tls";
import type { NginxProcess } from "./nginx-process.ts";

export type ProxyResponse = { status: number; headers: IncomingHttpHeaders; body: string };

export type ProxyClient = {
  request(
    method: string,
    path: string,
    options?: { headers?: Record<string, string>; body?: string },
  ): Promise<ProxyResponse>;
  close(): void;
};

export function connectThroughNginx(nginx: NginxProcess, localAddress = "127.0.0.1"): ProxyClient {
  let session: ClientHttp2Session | undefined;
  const open = (): ClientHttp2Session => {
    if (session && !session.closed && !session.destroyed) return session;
    const opened = connect(`https://${nginx.host}`, {
      // The TLS connection made here, to choose the address it comes from.
      createConnection: () =>
        tlsConnect({
          socket: netConnect({ host: "127.0.0.1", port: nginx.httpsPort, localAddress }),
          ca: nginx.certificate,
          servername: nginx.host,
          ALPNProtocols: ["h2"],
        }),
    });
    // A failed session fails its requests; the next request opens a new one, as it does after
    // nginx said it takes no more streams on this one.
    opened.on("error", () => {});
    opened.on("goaway", () => {
      if (session === opened) session = undefined;
    });
    opened.on("close", () => {
      if (session === opened) session = undefined;
    });
    session = opened;
    return opened;
  };
  const once = (
    method: string,
    path: string,
    options: { headers?: Record<string, string>; body?: string },
  ) =>
    new Promise<ProxyResponse>((resolve, reject) => {
      const stream = open().request({
        ":method": method,
        ":path": path,
        ":authority": nginx.host,
        ...options.headers,
      });
      // Longer than nginx's own limits (proxy_read_timeout 35 s): nginx answers first.
      stream.setTimeout(40_000, () => stream.close());
      let headers: IncomingHttpHeaders = {};
      const chunks: Buffer[] = [];
      stream.on("response", (received) => {
        headers = received;
      });
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const status = Number(headers[":status"]);
        if (!status) reject(new Error(`no answer to ${method} ${path}`));
        else resolve({ status, headers, body: Buffer.concat(chunks).toString("utf8") });
      });
      stream.on("error", reject);
      // Closed before its end (a timeout, the session gone): no answer. After `end` a no-op.
      stream.on("close", () =>
        reject(new Error(`${method} ${path}: the stream closed unanswered`)),
      );
      stream.end(options.body);
    });
  return {
    async request(method, path, options = {}) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await once(method, path, options);
        } catch (error) {
          // nginx ends a connection after `keepalive_requests` (1000) streams with GOAWAY; a
          // stream it refused was never processed (RFC 9113, 8.7), and browsers send it again
          // on a new connection. Nothing else is tried twice.
          if (attempt < 3 && refusedUnprocessed(error)) continue;
          throw error;
        }
      }
    },
    close() {
      session?.close();
    },
  };
}

function refusedUnprocessed(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return (
    code === "ERR_HTTP2_GOAWAY_SESSION" ||
    (code === "ERR_HTTP2_STREAM_ERROR" && /REFUSED_STREAM/.test(message ?? ""))
  );
}
