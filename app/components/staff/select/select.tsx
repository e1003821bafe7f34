import type { ComponentProps } from "react";
import { Field, type FieldProps, fieldControlProps } from "../field/field.tsx";

export type SelectOption = { value: string; label: string; disabled?: boolean };

/** A select in its field: the options given as values and words, the first may be a prompt. */
export function Select({
  id,
  label,
  hint,
  error,
  options,
  ...select
}: FieldProps & { options: readonly SelectOption[] } & Omit<
    ComponentProps<"select">,
    "id" | "className" | "children"
  >) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <select
        {...select}
        {...fieldControlProps({ id, hint, error })}
        className="staff-control staff-select"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
