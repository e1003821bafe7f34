import { randomInt, randomUUIDv7 } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { filesErrorKey, formErrorKey, honeypotField } from "../../domain/appeals/appeal-fields.ts";
import { normalizePhone, validateAppeal } from "../../domain/appeals/appeal-schema.ts";
import { consentTextVersion } from "../../domain/appeals/consent-text.ts";
import { registrationNumber } from "../../domain/appeals/registration-number.ts";
import type { SubmitResult, UploadRefused } from "../../domain/appeals/submit-result.ts";
import type { NewAppeal } from "../db/appeals-repository.ts";
import type { NewAttachment } from "../db/attachments-repository.ts";
import type { DataLayer } from "../db/data-layer.ts";
import type { AppealOutcome } from "../metrics/service-metrics.ts";
import type { RateLimiter } from "./rate-limiter.ts";
import { storeAppeal } from "./store-appeal.ts";

/** Who sent the appeal, for the rate limit and the consent evidence. */
type ClientInfo = { ip: string; userAgent: string | undefined };

export type AppealService = {
  /**
   * Rate limit, honeypot, schema, store: the one path of both the API and the no-JS form. `files`
   * were read and checked by content while they streamed in (server/attachments/); they count as
   * part of their one appeal, never as attempts of their own. An upload `refused` while it
   * streamed in stores nothing but counts as one attempt, as an invalid JSON appeal does
   * (decision 0046): refused uploads cannot be sent without limit.
   */
  submit(
    input: unknown,
    client: ClientInfo,
    files?: readonly NewAttachment[],
    refused?: UploadRefused,
  ): Promise<SubmitResult>;
};

export const rateLimitedMessage =
  "Слишком много обращений с вашего адреса. Пожалуйста, попробуйте позже.";

export function createAppealService(deps: {
  data: Pick<DataLayer, "appealIntake" | "acknowledgementCounts">;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
  /** Told after each appeal is committed (the delivery sender mails the handlers at once). */
  onStored?: () => void;
  /** Told how each submission ended (the metrics count them). */
  onOutcome?: (outcome: AppealOutcome) => void;
  now?: () => Date;
}): AppealService {
  const now = deps.now ?? (() => new Date());
  const ended = (outcome: AppealOutcome) => deps.onOutcome?.(outcome);
  return {
    async submit(input, client, files = [], refused = undefined) {
      let decision: Awaited<ReturnType<RateLimiter["take"]>>;
      try {
        decision = await deps.rateLimiter.take(client.ip);
      } catch (error) {
        const { name, message } = error as Error;
        deps.log.error({ error: { name, message } }, "rate limit not counted");
        ended("failed");
        return { status: "failed" };
      }
      if (!decision.allowed) {
        ended("rate_limited");
        return {
          status: "rate-limited",
          message: rateLimitedMessage,
          retryAfterSeconds: decision.retryAfterSeconds,
        };
      }
      if (refused) {
        ended("invalid");
        const key = refused.ofFiles ? filesErrorKey : formErrorKey;
        return {
          status: "refused",
          httpStatus: refused.status,
          errors: { [key]: refused.message },
        };
      }
      const time = now();
      if (isTrapped(input)) {
        // A bot filled the field people never see: it is told "stored", and nothing is.
        deps.log.info("appeal honeypot filled: not stored");
        ended("honeypot");
        return {
          status: "created",
          id: randomUUIDv7(),
          number: registrationNumber(randomInt(1, 1_000_000), time),
          acknowledged: true,
        };
      }
      const validation = validateAppeal(input);
      if (!validation.ok) {
        ended("invalid");
        return { status: "invalid", errors: validation.errors };
      }

      const appeal = validation.value;
      const newAppeal: NewAppeal = {
        ...appeal,
        // The schema accepted it, so it normalises.
        phone_normalized: normalizePhone(appeal.phone) ?? appeal.phone,
        consent_at: time,
        consent_text_version: consentTextVersion,
        client_ip: client.ip,
        user_agent: client.userAgent?.slice(0, 1000) ?? null,
        created_at: time,
      };
      try {
        const stored = await storeAppeal(deps.data, newAppeal, files);
        deps.onStored?.();
        ended("created");
        if (files.length === 0) return { status: "created", ...stored };
        const kept = files.map((file) => ({ name: file.fileName, size: file.content.length }));
        return { status: "created", ...stored, files: kept };
      } catch (error) {
        // Name, code and message only: a database error's detail may quote the row (personal data).
        const { name, message, code } = error as Error & { code?: unknown };
        deps.log.error({ error: { name, message, code } }, "appeal not stored");
        ended("failed");
        return { status: "failed" };
      }
    },
  };
}

function isTrapped(input: unknown): boolean {
  if (typeof input !== "object" || input === null || !(honeypotField in input)) return false;
  const value = (input as Record<string, unknown>)[honeypotField];
  return typeof value === "string" ? value.trim() !== "" : value !== undefined && value !== null;
}
