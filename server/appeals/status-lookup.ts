import { type AppealStatusLookup, statusMessages } from "../../domain/appeals/appeal-status.ts";
import { emailKey } from "../../domain/appeals/email-key.ts";
import { answerDue } from "../../domain/appeals/legal-terms.ts";
import { readRegistrationNumber } from "../../domain/appeals/registration-number.ts";
import type { DataLayer } from "../db/data-layer.ts";
import type { StatusLookupGuard, StatusLookupRefusal } from "./status-lookup-guard.ts";

/** Longer than any address anyone types; the store compares it, nothing else reads it. */
const emailMaxLength = 254;

/** What a refused visitor reads: which limit, never whether the number exists. */
const refusalMessages: Record<StatusLookupRefusal, string> = {
  client: statusMessages.rateLimited,
  email: statusMessages.emailRateLimited,
  all: statusMessages.allRateLimited,
};

/**
 * The status page's lookup for one visitor's address: counted by `guard` (the number and the
 * e-mail together are the key to an appeal's state, so guessing is bounded per client, per e-mail
 * and in all), then the appeal with that number and that e-mail, shown as its state and dates only.
 */
export function createStatusLookup(deps: {
  data: Pick<DataLayer, "appeals">;
  guard: StatusLookupGuard;
  clientAddress: string;
}): AppealStatusLookup {
  return async (typed) => {
    const number = readRegistrationNumber(typed.number);
    const email = typed.email.trim();
    const errors: { number?: string; email?: string } = {};
    if (!number) errors.number = statusMessages.numberFormat;
    if (email === "" || email.length > emailMaxLength) errors.email = statusMessages.emailRequired;
    if (!number || errors.email) return { status: "invalid", errors };

    const pass = await deps.guard.pass(deps.clientAddress, emailKey(email));
    if (!pass.allowed) return { status: "rate-limited", message: refusalMessages[pass.refusal] };
    const appeal = await deps.data.appeals.findByNumberAndEmail(number, email);
    if (!appeal) return { status: "not-found" };
    await pass.found();
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
