// A raw HTTP/1.x client over a TCP socket: it sends exactly the bytes given (a broken Host, no
// Host, stray bytes, a body a byte at a time), which fetch and inject refuse or repair.
import { connect, type Socket } from "node:net";

export type RawAnswer = {
  /** The status of the first answer, undefined when none came before the socket closed. */
  status: number | undefined;
  /** Everything received, as latin1 text. */
  text: string;
  /** Milliseconds until the server closed the connection (or the client gave up). */
  closedAfterMs: number;
};

/** Opens a connection; `answer` resolves when the server closes it or after `giveUpMs`. */
export function openRaw(
  port: number,
  giveUpMs = 15_000,
): { socket: Socket; answer: Promise<RawAnswer> } {
  const started = Date.now();
  const socket = connect(port, "127.0.0.1");
  const chunks: Buffer[] = [];
  const answer = new Promise<RawAnswer>((resolve) => {
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", () => {});
    socket.setTimeout(giveUpMs, () => socket.destroy());
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      resolve({
        status: match ? Number(match[1]) : undefined,
        text,
        closedAfterMs: Date.now() - started,
      });
    });
  });
  return { socket, answer };
}

/** Sends one request's bytes and waits for the server to answer and close. */
export function sendRaw(
  port: number,
  bytes: Buffer | string,
  giveUpMs?: number,
): Promise<RawAnswer> {
  const { socket, answer } = openRaw(port, giveUpMs);
  socket.write(bytes);
  return answer;
}

/** The body of a raw answer (after the blank line), decoded as UTF-8. */
export function rawBody(answer: RawAnswer): string {
  const start = answer.text.indexOf("\r\n\r\n");
  return start < 0 ? "" : Buffer.from(answer.text.slice(start + 4), "latin1").toString("utf8");
}
