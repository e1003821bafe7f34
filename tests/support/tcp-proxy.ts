// A TCP proxy the test controls, between the server and PostgreSQL: it can refuse new
// connections and cut the open ones, then let them through again, as a database outage would;
// or stall chosen connections, forwarding nothing either way while keeping them open, as a
// firewall or NAT that forgot a connection does (issue 40: nothing tells either end).
import { connect, createServer, type Server, type Socket } from "node:net";

export type TcpProxy = {
  port: number;
  /** Cuts every open connection and refuses new ones until `restore`. */
  cut(): Promise<void>;
  restore(): Promise<void>;
  /**
   * Stops forwarding, both ways and without closing it, every connection whose client has sent
   * `marker` (e.g. "LISTEN site_edition_published"), the open ones and each later one from the
   * moment it sends it, until `unstall`. The other connections go on as before.
   */
  stall(marker: string): void;
  /** Forwards again. The stalled connections are cut: the bytes they lost leave them useless. */
  unstall(): void;
  close(): Promise<void>;
};

/**
 * One client's connection through the proxy: what its client sent (the first bytes, where a
 * connection says what it is for, and the latest ones) and whether it is stalled.
 */
type Link = { client: Socket; upstream: Socket; first: string; latest: string; stalled: boolean };

const keptBytes = 4096;

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const links = new Set<Link>();
  let marker: string | undefined;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  /** Whether the client's first or latest bytes hold the marker. */
  const marked = (link: Link) =>
    marker !== undefined && (link.first.includes(marker) || link.latest.includes(marker));
  /** Forwards `from`'s bytes to `to` unless the link is stalled, with back-pressure. */
  const forward = (link: Link, from: Socket, to: Socket, fromClient: boolean) =>
    from.on("data", (chunk: Buffer) => {
      if (fromClient) {
        const text = chunk.toString("latin1");
        if (link.first.length < keptBytes) link.first = (link.first + text).slice(0, keptBytes);
        link.latest = (link.latest + text).slice(-keptBytes);
        if (marked(link)) link.stalled = true;
      }
      // A stalled connection's bytes are dropped, as a black hole would.
      if (link.stalled) return;
      if (!to.write(chunk)) {
        from.pause();
        to.once("drain", () => from.resume());
      }
    });
  const newServer = () =>
    createServer((client) => {
      const upstream = connect(target);
      track(client);
      track(upstream);
      const link: Link = { client, upstream, first: "", latest: "", stalled: false };
      links.add(link);
      forward(link, client, upstream, true);
      forward(link, upstream, client, false);
      // An end one side sends is passed on, unless the link is stalled (the other side never
      // hears of it then, as through a forgetful NAT).
      client.on("end", () => {
        if (!link.stalled) upstream.end();
      });
      upstream.on("end", () => {
        if (!link.stalled) client.end();
      });
      client.on("close", () => {
        links.delete(link);
        upstream.destroy();
      });
      upstream.on("close", () => {
        if (!link.stalled) client.destroy();
      });
    }).on("connection", (socket) => socket.setNoDelay(true));
  let server: Server = newServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  const port = address.port;

  const stopListening = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  return {
    port,
    async cut() {
      const closed = stopListening();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async restore() {
      server = newServer();
      await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    },
    stall(text) {
      marker = text;
      for (const link of links) if (marked(link)) link.stalled = true;
    },
    unstall() {
      marker = undefined;
      for (const link of links) {
        if (!link.stalled) continue;
        link.client.destroy();
        link.upstream.destroy();
      }
    },
    async close() {
      const closed = stopListening();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/** A proxy to the PostgreSQL `databaseUrl` names, and the same URL through the proxy. */
export async function startPostgresProxy(
  databaseUrl: string,
): Promise<{ proxy: TcpProxy; url: string }> {
  const real = new URL(databaseUrl);
  const proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
  const proxied = new URL(databaseUrl);
  proxied.hostname = "127.0.0.1";
  proxied.port = String(proxy.port);
  return { proxy, url: proxied.toString() };
}
