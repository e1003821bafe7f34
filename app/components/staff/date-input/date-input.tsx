import type { ComponentProps } from "react";
import { Field, type FieldProps, fieldControlProps } from "../field/field.tsx";

/** A day ('YYYY-MM-DD') in its field: the browser's date picker, at the text's size. */
export function DateInput({
  id,
  label,
  hint,
  error,
  ...input
}: FieldProps & Omit<ComponentProps<"input">, "id" | "className" | "type">) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        {...input}
        {...fieldControlProps({ id, hint, error })}
        type="date"
        className="staff-control staff-date"
      />
    </Field>
  );
}
