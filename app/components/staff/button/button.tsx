import type { ComponentProps, ReactNode } from "react";

/**
 * The staff area's button: the primary one does the form's action, the secondary one the others
 * on the same form (a preview, a return, a deletion, signing out). One look everywhere.
 */
export function Button({
  kind = "primary",
  type = "submit",
  ...button
}: { kind?: "primary" | "secondary" } & Omit<ComponentProps<"button">, "className">) {
  return (
    <button
      {...button}
      type={type}
      className={kind === "primary" ? "staff-button" : "staff-button staff-button--secondary"}
    />
  );
}

/** Buttons side by side, wrapping on a narrow screen. */
export function ButtonGroup({ children }: { children: ReactNode }) {
  return <div className="staff-buttons">{children}</div>;
}
