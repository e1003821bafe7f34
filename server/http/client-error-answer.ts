/**
 * What the server answers a request Node's HTTP parser refused before Fastify saw it (issue 40):
 * an address or headers past `maxHeaderSize` (a 10,000-character search query is a 60 KB URL),
 * a request that did not arrive in time, a request that is not HTTP. Fastify's own answer is
 * English JSON; a visitor who pasted a long address gets a small Russian page instead. Written
 * straight to the socket (there is no request object yet), then the connection is closed.
 */
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import { siteFileNameParamLength } from "../site-content/site-file-route.ts";

type ClientError = Error & { code?: string };

const answers = {
  431: {
    title: "Запрос слишком длинный",
    text: "Адрес страницы или заголовки запроса длиннее, чем принимает сервер. Если вы искали на сайте, сократите запрос до нескольких слов.",
  },
  408: {
    title: "Запрос не пришёл вовремя",
    text: "Сервер не дождался запроса целиком. Обновите страницу.",
  },
  400: {
    title: "Запрос не прочитан",
    text: "Сервер не смог прочитать запрос. Проверьте адрес страницы.",
  },
} as const;

function statusOf(error: ClientError): keyof typeof answers {
  if (error.code === "HPE_HEADER_OVERFLOW") return 431;
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") return 408;
  return 400;
}

/** The page: plain, accessible HTML, nothing loaded from elsewhere. */
function clientErrorPage(status: keyof typeof answers): string {
  const { title, text } = answers[status];
  return `<!DOCTYPE html>
<html lang="ru">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body><main><h1>${title}</h1><p>${text}</p><p><a href="/">На главную</a> · <a href="/search">Поиск по сайту</a></p></main></body>
</html>
`;
}

/** Fastify's `clientErrorHandler` (bound to the instance, as Fastify calls it). */
function answerClientError(this: FastifyInstance, error: ClientError, socket: Socket) {
  // A reset connection has no one to answer (Node's own handler does the same).
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const status = statusOf(error);
  this.log.info({ status, code: error.code }, "request refused before it was read");
  if (socket.writable) {
    const body = Buffer.from(clientErrorPage(status), "utf8");
    socket.write(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        "Content-Type: text/html; charset=utf-8",
        `Content-Length: ${body.length}`,
        "Cache-Control: no-store",
        "X-Content-Type-Options: nosniff",
        "Content-Security-Policy: default-src 'none'",
        "Connection: close",
        "",
        "",
      ].join("\r\n"),
    );
    socket.write(body);
  }
  socket.destroy(error);
}

/** Fastify's options for the addresses it is given (server/app.ts). */
export const addressOptions = {
  // Every file name an upload keeps is a path parameter the router takes (site-file-route.ts).
  routerOptions: { maxParamLength: siteFileNameParamLength },
  // An address past Node's header limit: a Russian page, not English JSON.
  clientErrorHandler: answerClientError,
};
