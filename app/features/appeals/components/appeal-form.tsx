import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from "react";
import {
  filesErrorKey,
  formErrorKey,
  honeypotField,
} from "../../../../domain/appeals/appeal-fields.ts";
import { appealsApiBase, submitAppeal } from "../api/submit-appeal.ts";
import type { AppealFormState } from "../appeal-form-result.ts";
import type { AppealFieldHints } from "./appeal-field-hints.ts";
import { summaryErrors } from "./appeal-form-errors.ts";
import { AppealFormFields } from "./appeal-form-fields.tsx";
import {
  type AppealFormValues,
  appealValuesFromFormData,
  emptyAppealValues,
  honeypotValue,
} from "./appeal-form-values.ts";
import { ErrorSummary } from "./error-summary.tsx";
import { FormStatus } from "./form-status.tsx";
import { type AppealFormLazy, loadAppealSchema } from "./load-appeal-schema.ts";
import { Spinner } from "./spinner.tsx";

/** What the file input takes, in its `accept` and its hint. */
export type AppealFileInput = { accept: string; hint: string };

/**
 * The shared schema's verdict; null when the schema could not be loaded: the server checks the
 * same rules and its messages are shown beside the fields all the same.
 */
async function validateWithSharedSchema(values: AppealFormValues) {
  try {
    const { validateAppeal } = await loadAppealSchema();
    return validateAppeal(values);
  } catch {
    return null;
  }
}

function preloadSchema() {
  loadAppealSchema().catch(() => {
    // Tried again at submit.
  });
}

/**
 * The appeal form. With JavaScript it checks the answers with the shared schema and sends them
 * to the API as JSON; without it, the same form posts to /appeals and the route's action answers
 * with this page again (`initial`). `regionOptions` is the list of regions
 * (domain/appeals/regions.ts): the page passes it in, and the island reads it back from the
 * prerendered select, so the island's script does not carry the list a second time.
 */
export function AppealForm({
  initial,
  regionOptions,
  fileInput,
  hints,
  consentLabel,
  topic,
  action = "/appeals",
}: {
  /** After a post without JavaScript, the page's result (`appealFormState`); else undefined. */
  initial: AppealFormState | undefined;
  regionOptions: readonly string[];
  /** The file input's `accept` and hint (domain/appeals/appeal-files.ts), read back like the regions. */
  fileInput: AppealFileInput;
  /** The fields' hints (appeal-field-hints.ts), read back like the regions. */
  hints: AppealFieldHints;
  /**
   * The consent's words (domain/appeals/consent-text.ts), given by the page and read back from it
   * by the island, which then does not carry them a second time.
   */
  consentLabel: string;
  /** A topic the page chose (issue 29): posted as a hidden field, shown in words. */
  topic?: { code: string; label: string };
  /** Where the form posts without JavaScript: the page that shows it. */
  action?: string;
}) {
  const [state, setState] = useState<AppealFormState>(
    () => initial ?? { status: { kind: "idle" }, errors: {}, values: emptyAppealValues },
  );
  // Remounting the fields is how the form is cleared after a success.
  const [fieldsKey, setFieldsKey] = useState(0);
  // Autofocus is for the page the server sent; after that focus moves by script.
  const [fromServer, setFromServer] = useState(initial !== undefined);
  const [focusRequest, setFocusRequest] = useState<{ target: "summary" | "status" } | null>(null);
  // Set once React runs the form: CSS and tests can tell the enhanced form from the plain one.
  const [enhanced, setEnhanced] = useState(false);
  const inFlight = useRef(false);
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  // The module loaded with the schema: the files' check, list and sending (appeal-form-lazy.ts).
  const [lazy, setLazy] = useState<AppealFormLazy | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => setEnhanced(true), []);

  useEffect(() => {
    if (focusRequest === null) return;
    const element = focusRequest.target === "summary" ? summaryRef.current : statusRef.current;
    element?.focus();
  }, [focusRequest]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const formData = new FormData(event.currentTarget);
    const values = appealValuesFromFormData(formData);
    const trap = honeypotValue(formData);
    setFromServer(false);
    // The green or red message of the last submission goes at once.
    setState((previous) => ({ ...previous, status: { kind: "idle" } }));

    inFlight.current = true;
    try {
      const validation = await validateWithSharedSchema(values);
      if (validation && !validation.ok) {
        // Messages of the last submission go; the answers stay as typed.
        setState({ status: { kind: "idle" }, errors: validation.errors, values });
        setFocusRequest({ target: "summary" });
        return;
      }
      setState({ status: { kind: "submitting" }, errors: {}, values });
      // Exactly the seven fields; the trap only when a bot filled it (the server drops those).
      const body: Record<string, unknown> = trap ? { ...values, [honeypotField]: trap } : values;
      const baseUrl = appealsApiBase(window.location);
      // With files: one multipart request, its upload's progress shown; without: the seed's JSON.
      const answer =
        files.length > 0
          ? await (await loadAppealSchema()).sendAppealWithFiles(body, files, {
              baseUrl,
              onProgress: setProgress,
            })
          : await submitAppeal(body, { baseUrl });
      if (answer.ok) {
        setState({
          status: { kind: "success", number: answer.number, acknowledged: answer.acknowledged },
          errors: {},
          values: emptyAppealValues,
        });
        setFieldsKey((key) => key + 1);
        setFiles([]);
        setFocusRequest({ target: "status" });
      } else {
        console.error(`Обращение не отправлено: сервер ответил ${answer.status}`);
        // Messages about fields go beside them; one about the whole form (a 429's "too many",
        // say) under the red message.
        const { [formErrorKey]: formMessage, ...errors } = answer.errors ?? {};
        setState({ status: { kind: "failure", detail: formMessage ?? null }, errors, values });
        setFocusRequest({ target: summaryErrors(errors).length > 0 ? "summary" : "status" });
      }
    } catch (error) {
      console.error("Обращение не отправлено: нет связи с сервером", error);
      setState({ status: { kind: "failure", detail: null }, errors: {}, values });
      setFocusRequest({ target: "status" });
    } finally {
      inFlight.current = false;
      setProgress(null);
    }
  }

  /** Files chosen are kept by the form (the input emptied), checked before they are listed. */
  async function chooseFiles(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const chosen = [...files, ...(input.files ?? [])];
    input.value = "";
    let problem: string | null = null;
    try {
      const loaded = await loadAppealSchema();
      setLazy(loaded);
      problem = loaded.checkChosenFiles(chosen);
    } catch {
      // Not checked (nor listed) here: the server checks them all the same.
    }
    setState((previous) => ({
      ...previous,
      errors: { ...previous.errors, [filesErrorKey]: problem ?? undefined },
    }));
    if (!problem) setFiles(chosen);
  }

  const { status, errors, values } = state;
  const submitting = status.kind === "submitting";
  const summary = summaryErrors(errors);

  return (
    <form
      className="appeal-form"
      method="post"
      action={action}
      encType="multipart/form-data"
      // Our messages, not the browser's: the schema checks on submit (GOV.UK pattern).
      noValidate
      data-enhanced={enhanced ? "" : undefined}
      onSubmit={handleSubmit}
      onFocus={preloadSchema}
    >
      {summary.length > 0 ? (
        <ErrorSummary errors={summary} summaryRef={summaryRef} autoFocus={fromServer} />
      ) : null}
      <FormStatus status={status} messageRef={statusRef} autoFocus={fromServer} />

      {topic ? (
        <p>
          Тема обращения: «{topic.label}»
          <input type="hidden" name="topic" value={topic.code} />
        </p>
      ) : null}
      <div className="appeal-form__fields" key={fieldsKey}>
        <AppealFormFields
          values={values}
          errors={errors}
          regionOptions={regionOptions}
          fileInput={fileInput}
          hints={hints}
          consentLabel={consentLabel}
          onChooseFiles={chooseFiles}
        >
          {files.length > 0 && lazy
            ? lazy.chosenFilesList(
                files,
                (index) => setFiles(files.filter((_, kept) => kept !== index)),
                progress,
              )
            : null}
        </AppealFormFields>
      </div>

      <button className="form-button" type="submit" disabled={submitting}>
        {submitting ? (
          <>
            <Spinner />
            Отправка…
          </>
        ) : (
          "Отправить обращение"
        )}
      </button>
    </form>
  );
}
