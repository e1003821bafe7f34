import type { ComponentProps } from "react";
import { type FieldProps, TextInput } from "../field/field.tsx";

/** Files to upload in their field: the hint says which and how many (tied by aria-describedby). */
export function FileInput(
  props: FieldProps & Omit<ComponentProps<"input">, "id" | "className" | "type">,
) {
  return <TextInput {...props} type="file" variant="staff-file" />;
}
