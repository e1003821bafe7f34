import type { ComponentProps, ReactNode } from "react";

/**
 * A staff form's field: the label, an optional hint, the control, then its error, as the public
 * appeal form does it (app/features/appeals/components/form-fields.tsx): the control names the
 * hint and the error in `aria-describedby` and is `aria-invalid` while in error, so a screen
 * reader says why it was refused when the control takes focus. Every staff control is built on
 * this one frame (text, select, date, textarea, file), styled once in field.css.
 */
export type FieldProps = {
  /** The control's id: unique on the page (two forms of one page may share a field's name). */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
};

function hintId(id: string): string {
  return `${id}-hint`;
}

function errorId(id: string): string {
  return `${id}-error`;
}

/** The id, `aria-describedby` and `aria-invalid` a control takes from its field. */
export function fieldControlProps({ id, hint, error }: Omit<FieldProps, "label">) {
  const described = [hint ? hintId(id) : null, error ? errorId(id) : null].filter(Boolean);
  return {
    id,
    "aria-describedby": described.length > 0 ? described.join(" ") : undefined,
    "aria-invalid": error ? true : undefined,
  } as const;
}

export function Field({ id, label, hint, error, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className={error ? "staff-field staff-field--error" : "staff-field"}>
      <label className="staff-field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <div className="staff-field__hint" id={hintId(id)}>
          {hint}
        </div>
      ) : null}
      {children}
      {error ? (
        <p className="staff-field__error" id={errorId(id)}>
          <span className="visually-hidden">Ошибка: </span>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A one-line input in its field (`type` text, search, number, password; date and file have their own). */
export function TextInput({
  id,
  label,
  hint,
  error,
  short,
  variant,
  ...input
}: FieldProps & {
  /** A short control ('4' characters for a year) instead of the field's full width. */
  short?: boolean;
  /** The class of a kind of input with a look of its own ('staff-date', 'staff-file'). */
  variant?: string;
} & Omit<ComponentProps<"input">, "id" | "className" | "width">) {
  const className = ["staff-control", short ? "staff-control--short" : "", variant ?? ""]
    .filter(Boolean)
    .join(" ");
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input {...input} {...fieldControlProps({ id, hint, error })} className={className} />
    </Field>
  );
}

/** A radio or a checkbox with its words: the whole line is the target (at least 40 px tall). */
export function Choice({
  label,
  ...input
}: { label: ReactNode; type: "radio" | "checkbox" } & Omit<ComponentProps<"input">, "className">) {
  return (
    <label className="staff-choice">
      <input {...input} />
      {label}
    </label>
  );
}
