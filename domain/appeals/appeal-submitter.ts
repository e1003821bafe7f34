/**
 * How the /appeals route's `action` (the form posted without JavaScript) reaches the server's
 * appeal submission without either side importing the other: a port in the pages' load context
 * (domain/pages/page-context.ts, `services.appealForm`), built once by the server.
 */
import type { SubmittedFile } from "../attachments/submitted-file.ts";
import type { SubmitResult, UploadRefused } from "./submit-result.ts";

/**
 * Validates and stores one appeal posted as a form. `entries` are the form's entries as posted
 * (the honeypot included); the server's submitter reads them with `formEntriesToInput`
 * (form-input.ts) and hands the result to the same appeal service as the API's JSON body (the API
 * reads JSON only, decision 0010). `client` is the consent evidence (IP, user agent), taken from
 * the connection the server received; the consent time comes from the service.
 */
export type AppealSubmitter = (
  entries: Iterable<[string, unknown]>,
  client: { address: string; userAgent: string | undefined },
  /** The files the door read and checked (decision 0045), stored with the appeal. */
  files?: readonly SubmittedFile[],
  /** The upload refused while it streamed in: nothing is stored, the attempt is counted. */
  refused?: UploadRefused,
) => Promise<SubmitResult>;
