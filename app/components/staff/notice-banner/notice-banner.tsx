import type { ReactNode } from "react";

/**
 * A message above a page's content: a refusal (`error`, read out at once as an alert), or a
 * notice the staff should see before they act (`info`).
 */
export function NoticeBanner({
  kind = "info",
  children,
}: {
  kind?: "info" | "error";
  children: ReactNode;
}) {
  return kind === "error" ? (
    <p className="staff-error" role="alert">
      {children}
    </p>
  ) : (
    <div className="staff-notice">{children}</div>
  );
}
