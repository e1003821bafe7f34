import type { ChangeEvent, ReactNode } from "react";

/**
 * Form fields: label, optional hint, the control, then the error message under the control (the
 * spec: 'Это обязательное поле' under the field); the control is linked to hint and message by
 * `aria-describedby` and marked `aria-invalid` while in error.
 * The control's id is the field's name, so the error summary can link to `#name`.
 */
type FieldProps = {
  name: string;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  required?: boolean;
};

function hintId(name: string) {
  return `${name}-hint`;
}

function errorId(name: string) {
  return `${name}-error`;
}

function describedBy(name: string, hint: ReactNode, error: string | undefined) {
  const ids = [hint ? hintId(name) : null, error ? errorId(name) : null].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

function groupClass(error: string | undefined) {
  return error ? "form-group form-group--error" : "form-group";
}

function Hint({ name, hint }: { name: string; hint: ReactNode }) {
  return hint ? (
    <div className="form-hint" id={hintId(name)}>
      {hint}
    </div>
  ) : null;
}

function ErrorMessage({ name, error }: { name: string; error: string | undefined }) {
  return error ? (
    <p className="form-error" id={errorId(name)}>
      <span className="visually-hidden">Ошибка: </span>
      {error}
    </p>
  ) : null;
}

function controlProps({ name, hint, error, required }: FieldProps) {
  return {
    id: name,
    name,
    required,
    "aria-describedby": describedBy(name, hint, error),
    "aria-invalid": error ? true : undefined,
  };
}

/** Label and hint above a control, its error under it: what text, select and textarea share. */
function LabelledGroup({
  name,
  label,
  hint,
  error,
  children,
}: FieldProps & { children: ReactNode }) {
  return (
    <div className={groupClass(error)}>
      <label className="form-label" htmlFor={name}>
        {label}
      </label>
      <Hint name={name} hint={hint} />
      {children}
      <ErrorMessage name={name} error={error} />
    </div>
  );
}

export function TextField(
  props: FieldProps & {
    defaultValue: string;
    type?: "text" | "email" | "tel";
    autoComplete: string;
    className?: string;
    spellCheck?: boolean;
  },
) {
  const { name, label, hint, error, defaultValue, type = "text", autoComplete } = props;
  return (
    <LabelledGroup name={name} label={label} hint={hint} error={error}>
      <input
        {...controlProps(props)}
        className={props.className ? `form-input ${props.className}` : "form-input"}
        type={type}
        autoComplete={autoComplete}
        spellCheck={props.spellCheck}
        defaultValue={defaultValue}
      />
    </LabelledGroup>
  );
}

export function TextAreaField(props: FieldProps & { defaultValue: string; rows: number }) {
  const { name, label, hint, error, defaultValue, rows } = props;
  return (
    <LabelledGroup name={name} label={label} hint={hint} error={error}>
      <textarea
        {...controlProps(props)}
        className="form-textarea"
        rows={rows}
        defaultValue={defaultValue}
      />
    </LabelledGroup>
  );
}

export function SelectField(
  props: FieldProps & {
    defaultValue: string;
    placeholder: string;
    options: readonly string[];
    autoComplete?: string;
  },
) {
  const { name, label, hint, error, defaultValue, placeholder, options } = props;
  return (
    <LabelledGroup name={name} label={label} hint={hint} error={error}>
      <select
        {...controlProps(props)}
        className="form-select"
        autoComplete={props.autoComplete}
        defaultValue={defaultValue}
      >
        <option value="" disabled>
          {placeholder}
        </option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </LabelledGroup>
  );
}

export function CheckboxField(props: FieldProps & { defaultChecked: boolean }) {
  const { name, label, hint, error, defaultChecked } = props;
  return (
    <div className={groupClass(error)}>
      <div className="form-checkbox">
        <input
          {...controlProps(props)}
          className="form-checkbox__input"
          type="checkbox"
          defaultChecked={defaultChecked}
        />
        <label className="form-checkbox__label" htmlFor={name}>
          {label}
        </label>
      </div>
      <Hint name={name} hint={hint} />
      <ErrorMessage name={name} error={error} />
    </div>
  );
}

/**
 * A file input (several files may be chosen); a browser never keeps a choice across pages. With
 * JavaScript the form keeps the chosen files itself and lists them under the input (`children`).
 */
export function FileField({
  accept,
  onChange,
  children,
  ...field
}: FieldProps & {
  accept: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  children?: ReactNode;
}) {
  return (
    <LabelledGroup {...field}>
      <input
        className="form-input form-input--file"
        type="file"
        multiple
        accept={accept}
        onChange={onChange}
        {...controlProps(field)}
      />
      {children}
    </LabelledGroup>
  );
}
