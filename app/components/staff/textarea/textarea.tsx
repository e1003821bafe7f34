import type { ComponentProps } from "react";
import { Field, type FieldProps, fieldControlProps } from "../field/field.tsx";

/** A text of several lines in its field; it grows downwards only. */
export function Textarea({
  id,
  label,
  hint,
  error,
  ...textarea
}: FieldProps & Omit<ComponentProps<"textarea">, "id" | "className">) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <textarea
        {...textarea}
        {...fieldControlProps({ id, hint, error })}
        className="staff-control staff-textarea"
      />
    </Field>
  );
}
