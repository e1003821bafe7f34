import type { ReactNode } from "react";
import type { FieldPlace, FormErrors } from "../../../domain/site-content/site-form.ts";
import { Button, ButtonGroup } from "../../components/staff/button/button.tsx";
import { CsrfField } from "../staff/staff-display.tsx";

/** A part of a long editor, for its contents list: the id of its fieldset (or field) and title. */
export type EditorPart = { id: string; title: string };

/** From how many parts an editor lists them above its form. */
const partsListed = 3;

/**
 * The frame of every page's editor form: a long form's contents list (links to its parts), the
 * page's own fields inside, then the saving buttons with the labels staff are taught:
 * «Сохранить черновик», «Предпросмотр», and «Опубликовать» or, when a head approves, «Передать
 * на согласование». The buttons' bar is sticky (staff.css): at the bottom of the screen while the
 * form is scrolled, so a long form is saved from anywhere in it, and after the fields in the
 * keyboard's order. Plain HTML and CSS: it works without JavaScript.
 */
export function SiteEditorForm({
  label,
  csrfToken,
  publishesDirectly,
  withFiles = false,
  preview = true,
  schedule,
  parts = [],
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
  /** The form's parts, listed above it when there are enough to need a list. */
  parts?: readonly EditorPart[];
  children: ReactNode;
}) {
  return (
    <>
      {parts.length >= partsListed ? (
        <nav className="site-editor-parts" aria-labelledby="site-editor-parts-title">
          <h2 id="site-editor-parts-title">Части формы</h2>
          <ol>
            {parts.map((part) => (
              <li key={part.id}>
                <a href={`#${part.id}`}>{part.title}</a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
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
        <div id="site-editor-actions" className="site-editor-bar">
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
        </div>
        {schedule}
      </form>
    </>
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
