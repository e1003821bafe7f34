import { type AppealStatusLookup, statusMessages } from "../../domain/appeals/appeal-status.ts";
import { answerDue } from "../../domain/appeals/legal-terms.ts";
import { readRegistrationNumber } from "../../domain/appeals/registration-number.ts";
import type { DataLayer } from "../db/data-layer.ts";
import type { RateLimiter } from "./rate-limiter.ts";

/** Longer than any address anyone types; the store compares it, nothing else reads it. */
const emailMaxLength = 254;

/**
 * The status page's lookup for one visitor's address: counted by `rateLimiter` (the number and
 * the e-mail together are the key to an appeal's state, so guessing is bounded), then the appeal
 * with that number and that e-mail, shown as its state and dates only.
 */
export function createStatusLookup(deps: {
  data: Pick<DataLayer, "appeals">;
  rateLimiter: RateLimiter;
  clientAddress: string;
}): AppealStatusLookup {
  return async (typed) => {
    const number = readRegistrationNumber(typed.number);
    const email = typed.email.trim();
    const errors: { number?: string; email?: string } = {};
    if (!number) errors.number = statusMessages.numberFormat;
    if (email === "" || email.length > emailMaxLength) errors.email = statusMessages.emailRequired;
    if (!number || errors.email) return { status: "invalid", errors };

    const decision = await deps.rateLimiter.take(deps.clientAddress);
    if (!decision.allowed) return { status: "rate-limited", message: statusMessages.rateLimited };
    const appeal = await deps.data.appeals.findByNumberAndEmail(number, email);
    if (!appeal) return { status: "not-found" };
    return {
      status: "found",
      view: {
        number: appeal.number,
        state: appeal.state,
        receivedAt: appeal.created_at,
        registeredOn: appeal.registered_on,
        answerDue: appeal.registered_on
          ? answerDue(appeal.registered_on, appeal.extension_days)
          : null,
        answeredOn: appeal.answered_on,
        forwardedOn: appeal.forwarded_on,
        forwardedTo: appeal.forwarded_to,
      },
    };
  };
}
