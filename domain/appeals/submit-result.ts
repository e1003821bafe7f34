import type { AppealErrors } from "./appeal-fields.ts";

/** What submitting one appeal came to: the API and the no-JavaScript form both answer from it. */
export type SubmitResult =
  /**
   * Stored (committed) and numbered: show the success message and the number; `acknowledged`
   * when an acknowledgement to the citizen's address was written with it.
   */
  | {
      status: "created";
      id: string;
      number: string;
      acknowledged: boolean;
      /** The files stored with it (names as kept), when any were attached. */
      files?: readonly { name: string; size: number }[];
    }
  /** Refused by the schema: one Russian message per field, `_form` for the whole form. */
  | { status: "invalid"; errors: AppealErrors }
  /**
   * The upload was refused while it streamed in (a file's type, too many files or bytes, an
   * unreadable form): nothing stored, the attempt counted as an invalid appeal's is (decision
   * 0046). `httpStatus` is the refusal's (413, 415, 400).
   */
  | { status: "refused"; httpStatus: number; errors: AppealErrors }
  /** Too many appeals from this address: show the failure message. */
  | { status: "rate-limited"; message: string; retryAfterSeconds?: number }
  /** The store failed: show the failure message. */
  | { status: "failed" };

/** An upload refused while it streamed in, as the door or the API's reader saw it. */
export type UploadRefused = { status: number; message: string; ofFiles?: boolean };
