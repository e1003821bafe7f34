import type { ComponentProps } from "react";
import { Field, type FieldProps, fieldControlProps } from "../field/field.tsx";

/** Files to upload in their field: the hint says which and how many (tied by aria-describedby). */
export function FileInput({
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
        type="file"
        className="staff-control staff-file"
      />
    </Field>
  );
}
