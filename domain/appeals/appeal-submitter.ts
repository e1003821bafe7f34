/**
 * How the /appeals route's `action` (the form posted without JavaScript) reaches the server's
 * appeal submission without either side importing the other. The server
 * (server/appeals/appeal-form-post.ts) sets this context for every POST /appeals it hands to
 * React Router's server build; the action (app/routes/appeals.tsx) reads it:
 *
 *   const submit = context.get(appealSubmitterContext);
 *   const result = await submit(formData.entries(), request);
 *
 * The key is React Router's (platform-neutral) `createContext`; nothing here touches Node or DOM.
 */
import { createContext } from "react-router";
import type { SubmitResult } from "./submit-result.ts";

/**
 * Validates and stores one appeal posted as a form. `entries` are the form's entries as posted
 * (the honeypot included); the server's submitter reads them with `formEntriesToInput`
 * (form-input.ts) and hands the result to the same appeal service as the API's JSON body (the API
 * reads JSON only, decision 0010). `request` is the request React Router was given; the server's
 * submitter does not read it: the consent evidence (IP, user agent) comes from the connection the
 * server received, and the consent time from the service.
 */
export type AppealSubmitter = (
  entries: Iterable<[string, unknown]>,
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
