/**
 * How the /appeals route's `action` (the form posted without JavaScript) reaches the server's
 * appeal submission. The server (server/appeals/page-requests.ts) sets this context for every
 * POST /appeals it hands to React Router; the action reads it:
 *
 *   const submit = context.get(appealSubmitterContext);
 *   const result = await submit(Object.fromEntries(await request.formData()), request);
 *
 * Types and the key only: nothing here imports server code.
 */
import { createContext } from "react-router";
import type { AppealErrors } from "./appeal-fields.ts";

export type SubmitResult =
  /** Stored (committed) and numbered: show the success message and the number. */
  | { status: "created"; id: string; number: string }
  /** Refused by the schema: one Russian message per field, `_form` for the whole form. */
  | { status: "invalid"; errors: AppealErrors }
  /** Too many appeals from this address: show the failure message. */
  | { status: "rate-limited"; message: string; retryAfterSeconds?: number }
  /** The store failed: show the failure message. */
  | { status: "failed" };

/**
 * Validates and stores one appeal. `fields` are the form's entries as posted
 * (`Object.fromEntries(formData)`): strings, the checkbox's "on" for consent, the honeypot field
 * included. The seven fields and the honeypot only: any other field is refused as unknown.
 * Consent evidence (IP, user agent, time) comes from the HTTP request the server received.
 */
export type AppealSubmitter = (
  fields: Record<string, unknown>,
  request: Request,
) => Promise<SubmitResult>;

/**
 * A context key is matched by identity, and the server meets two copies of this module: its own
 * import, and the one bundled into React Router's server build (build/server/index.js). Both take
 * the one key kept under a registered symbol, so what the server sets the action can get.
 */
const registry = globalThis as { [key: symbol]: unknown };
const keySymbol = Symbol.for("agrochem-kirov.appealSubmitterContext");
registry[keySymbol] ??= createContext<AppealSubmitter>();

export const appealSubmitterContext = registry[keySymbol] as ReturnType<
  typeof createContext<AppealSubmitter>
>;
