import type { ReactNode } from "react";
import type { FieldPlace, FormErrors } from "../../../domain/site-content/site-form.ts";
import { Button, ButtonGroup } from "../../components/staff/button/button.tsx";
import { CsrfField } from "../staff/staff-display.tsx";

/**
 * The frame of every page's editor form: the page's own fields inside, then the saving buttons
 * with the labels staff are taught: «Сохранить черновик», «Предпросмотр», and «Опубликовать» or,
 * when a head approves, «Передать на согласование». Plain HTML: it works without JavaScript.
 */
export function SiteEditorForm({
  label,
  csrfToken,
  publishesDirectly,
  withFiles = false,
  preview = true,
  schedule,
  children,
}: {
  label: string;
  csrfToken: string;
  publishesDirectly: boolean;
  /** The fields hold file inputs: the form is posted as multipart (its token its first part). */
  withFiles?: boolean;
  /** «Предпросмотр» offered: not for content no built page shows (the search's settings). */
  preview?: boolean;
  /** «Опубликовать по расписанию» with its date and time, for whoever publishes (0039). */
  schedule?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form
      method="post"
      className="staff-stack"
      aria-label={label}
      encType={withFiles ? "multipart/form-data" : undefined}
    >
      {/* First: a multipart form's token must be its first part, before the button pressed. */}
      <CsrfField token={csrfToken} />
      {/* Enter in a field saves the draft: the first button of a form is the one Enter presses. */}
      <button type="submit" name="intent" value="save" hidden tabIndex={-1}>
        Сохранить черновик
      </button>
      {children}
      <ButtonGroup>
        <Button kind="secondary" name="intent" value="save">
          Сохранить черновик
        </Button>
        {preview ? (
          <Button kind="secondary" name="intent" value="preview">
            Предпросмотр
          </Button>
        ) : null}
        <Button name="intent" value="publish">
          {publishesDirectly ? "Опубликовать" : "Передать на согласование"}
        </Button>
      </ButtonGroup>
      {schedule}
    </form>
  );
}

/**
 * A refused form's summary at the top: what is wrong with the whole, then each field's message
 * with a link to the field (the message is also under the field itself).
 */
export function FormErrorSummary({
  errors,
  place,
}: {
  errors: FormErrors;
  place: (name: string) => FieldPlace;
}) {
  const fields = Object.entries(errors.byField);
  return (
    <div className="staff-error" role="alert">
      <p>Проверьте поля, отмеченные ниже.</p>
      <ul>
        {errors.general.map((message) => (
          <li key={message}>{message}</li>
        ))}
        {fields.map(([name, message]) => {
          const { id, label } = place(name);
          return (
            <li key={name}>
              <a href={`#${id}`}>
                {label}: {message}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
