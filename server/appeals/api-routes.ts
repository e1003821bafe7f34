import fastifyMultipart from "@fastify/multipart";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { formErrorKey } from "../../domain/appeals/appeal-fields.ts";
import type { SubmittedFile } from "../../domain/attachments/submitted-file.ts";
import { settleRefusedBody } from "../attachments/refused-body.ts";
import { appealFileRules, UploadRefusal } from "../attachments/upload-rules.ts";
import { bodyLimits } from "../http/body-limits.ts";
import { problemMessages, refusalMessage, sendProblem } from "../http/problem-answer.ts";
import { requireRequestGuards } from "../http/request-guards.ts";
import type { AppealService } from "./appeal-service.ts";
import { readAppealUpload } from "./appeal-upload.ts";

export const apiMessages = {
  malformed: "Не удалось прочитать запрос: ожидается JSON-объект с полями обращения",
  tooLarge: `Обращение слишком большое: не более ${bodyLimits.default / 1024} КБ`,
  unsupportedType: "Неподдерживаемый формат: отправьте обращение как application/json",
  failed: "Не удалось сохранить обращение, попробуйте ещё раз",
  methodNotAllowed: "Метод не поддерживается: используйте POST",
} as const;

const refusals = {
  tooLarge: apiMessages.tooLarge,
  unsupportedType: apiMessages.unsupportedType,
  badRequest: apiMessages.malformed,
};

/** The API's prefix, and the appeal's addresses under it (without the slash and with it). */
const apiPrefix = "/api";
const appealUrls = ["/users/appeals", "/users/appeals/"] as const;

/** The appeal's full addresses: as Fastify's router labels them, and as nginx matches them. */
export const appealApiPaths: readonly string[] = appealUrls.map((url) => `${apiPrefix}${url}`);

/**
 * POST /api/users/appeals/ (and without the slash): JSON only, as the spec says. A form body is
 * refused (415): the page without JavaScript posts to /appeals, and a JSON body cannot be sent
 * from another site's page without the browser asking first (CORS preflight). Registered inside
 * the /api prefix: the API's `Cache-Control: no-store` applies.
 */
function registerAppealsApi(api: FastifyInstance, service: AppealService) {
  api.register(async (appeals) => {
    requireRequestGuards(appeals, "the appeals API");
    // JSON alone: Fastify's own parser, so any other type (and no type) is 415.
    appeals.removeAllContentTypeParsers();
    appeals.addContentTypeParser(
      "application/json",
      { parseAs: "string" },
      appeals.getDefaultJsonParser("error", "error"),
    );
    // An appeal with files (decision 0045): streamed by the handler, its limits counted there.
    await appeals.register(fastifyMultipart, { throwFileSizeLimit: false });

    // Bad bodies are the client's fault: a Russian 4xx in the API's shape, never a 5xx.
    appeals.setErrorHandler((error: FastifyError, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const answered = status === 413 || status === 415 ? status : 400;
        return sendFormError(reply, answered, refusalMessage(status, refusals));
      }
      request.log.error({ error: { name: error.name, code: error.code } }, "request failed");
      return sendFormError(reply, 500, apiMessages.failed);
    });

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const contentType = request.headers["content-type"] ?? "";
      const multipart = request.isMultipart();
      if (!multipart && !/^application\/json\s*(;|$)/i.test(contentType)) {
        return sendFormError(reply, 415, apiMessages.unsupportedType);
      }
      let input: unknown = request.body;
      let files: readonly SubmittedFile[] = [];
      let refused: UploadRefusal | undefined;
      if (multipart) {
        try {
          ({ input, files } = await readAppealUpload(request));
        } catch (error) {
          if (!(error instanceof UploadRefusal)) throw error;
          // The rest read and dropped if it is small enough, else the connection closes.
          await settleRefusedBody(request, reply, appealFileRules);
          refused = error;
        }
      }
      // A refused upload goes to the service too: it stores nothing, but counts as an attempt.
      const result = await service.submit(
        input,
        { ip: request.clientAddress, userAgent: request.headers["user-agent"] },
        files,
        refused,
      );
      switch (result.status) {
        case "created":
          return reply.code(201).send({
            id: result.id,
            number: result.number,
            acknowledged: result.acknowledged,
            // Only for an appeal with files: the JSON answer stays the seed's.
            ...(result.files ? { files: result.files } : {}),
          });
        case "invalid":
          return reply.code(400).send({ errors: result.errors });
        case "refused":
          return reply.code(result.httpStatus).send({ errors: result.errors });
        case "rate-limited":
          if (result.retryAfterSeconds)
            reply.header("retry-after", String(result.retryAfterSeconds));
          return sendFormError(reply, 429, result.message);
        case "failed":
          return sendFormError(reply, 503, apiMessages.failed);
      }
    };
    const notAllowed = async (_request: FastifyRequest, reply: FastifyReply) => {
      reply.header("allow", "POST");
      return sendFormError(reply, 405, apiMessages.methodNotAllowed);
    };
    const otherMethods = appeals.supportedMethods.filter((method) => method !== "POST");
    for (const url of appealUrls) {
      appeals.post(url, handler);
      appeals.route({ method: otherMethods, url, handler: notAllowed });
    }
  });
}

function sendFormError(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).send({ errors: { [formErrorKey]: message } });
}

/** The API under /api: never cached, its unknown addresses a JSON 404. */
export function registerApi(app: FastifyInstance, service: AppealService) {
  app.register(
    async (api) => {
      api.addHook("onSend", async (_request, reply) => {
        reply.header("cache-control", "no-store");
      });
      registerAppealsApi(api, service);
      api.all("/*", async (request, reply) =>
        sendProblem(request, reply, 404, problemMessages.notFound),
      );
    },
    { prefix: apiPrefix },
  );
}
