// A TCP proxy the test controls, between the server and PostgreSQL: it can refuse new
// connections and cut the open ones, then let them through again, as a database outage would.
import { connect, createServer, type Server, type Socket } from "node:net";

export type TcpProxy = {
  port: number;
  /** Cuts every open connection and refuses new ones until `restore`. */
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const newServer = () =>
    createServer((client) => {
      const upstream = connect(target);
      track(client);
      track(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
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
    async close() {
      const closed = stopListening();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
