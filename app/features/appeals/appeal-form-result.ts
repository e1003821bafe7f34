import type { AppealErrors } from "../../../domain/appeals/appeal-fields.ts";
import type { SubmitResult } from "../../../domain/appeals/submit-result.ts";
import type { AppealFormValues } from "./components/appeal-form-values.ts";

/**
 * What the /appeals route's action gives the page after a form posted without JavaScript:
 * the registration number, or the messages with the visitor's answers to fill the form again.
 */
export type AppealFormResult =
  | { status: "created"; number: string; acknowledged: boolean; files?: readonly string[] }
  | { status: "invalid"; errors: AppealErrors; values: AppealFormValues }
  | { status: "failed"; detail: string | null; values: AppealFormValues };

/** The page's result and the HTTP status of the page that shows it. */
export function appealFormResult(
  result: SubmitResult,
  values: AppealFormValues,
): { formResult: AppealFormResult; httpStatus: number } {
  switch (result.status) {
    case "created":
      return {
        formResult: {
          status: "created",
          number: result.number,
          acknowledged: result.acknowledged,
          ...(result.files ? { files: result.files.map((file) => file.name) } : {}),
        },
        httpStatus: 200,
      };
    case "invalid":
      return { formResult: { status: "invalid", errors: result.errors, values }, httpStatus: 400 };
    case "rate-limited":
      return {
        formResult: { status: "failed", detail: result.message, values },
        httpStatus: 429,
      };
    case "failed":
      return { formResult: { status: "failed", detail: null, values }, httpStatus: 503 };
  }
}
