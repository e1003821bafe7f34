import type { AppealErrors } from "../../../domain/appeals/appeal-fields.ts";
import type { SubmitResult } from "../../../domain/appeals/submit-result.ts";
import { type AppealFormValues, emptyAppealValues } from "./components/appeal-form-values.ts";
import type { AppealStatus } from "./components/form-status.tsx";

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
    case "refused":
      return {
        formResult: { status: "invalid", errors: result.errors, values },
        httpStatus: result.httpStatus,
      };
    case "rate-limited":
      return {
        formResult: { status: "failed", detail: result.message, values },
        httpStatus: 429,
      };
    case "failed":
      return { formResult: { status: "failed", detail: null, values }, httpStatus: 503 };
  }
}

/** What the form starts from: its status, the messages, the answers in the fields. */
export type AppealFormState = {
  status: AppealStatus;
  errors: AppealErrors;
  /** The answers the fields start from: the visitor's after a refused no-JS post, else empty. */
  values: AppealFormValues;
};

/**
 * The form's state on the page the server renders after a post without JavaScript. Worked out
 * here, on the server, so the island (which hydrates only the page as prerendered, without a
 * result) does not carry it.
 */
export function appealFormState(result: AppealFormResult | undefined): AppealFormState | undefined {
  switch (result?.status) {
    case undefined:
      return undefined;
    case "created": {
      const files = result.files ?? [];
      const note =
        files.length > 0
          ? `Получено файлов: ${files.length} (${files.map((name) => `«${name}»`).join(", ")})`
          : undefined;
      return {
        status: {
          kind: "success",
          number: result.number,
          acknowledged: result.acknowledged,
          note,
        },
        errors: {},
        values: emptyAppealValues,
      };
    }
    case "invalid":
      return { status: { kind: "idle" }, errors: result.errors, values: result.values };
    case "failed":
      return {
        status: { kind: "failure", detail: result.detail },
        errors: {},
        values: result.values,
      };
  }
}
