import type { ComponentProps } from "react";
import { type FieldProps, TextInput } from "../field/field.tsx";

/** A day ('YYYY-MM-DD') in its field: the browser's date picker, at the text's size. */
export function DateInput(
  props: FieldProps & Omit<ComponentProps<"input">, "id" | "className" | "type">,
) {
  return <TextInput {...props} type="date" variant="staff-date" />;
}
