import type { ReactNode } from "react";

/**
 * Facts as a description list: the name on the left, the value beside it on a wide screen, under
 * it on a narrow one. Each pair is one row (`<div>` in the `<dl>`, as HTML allows).
 */
export function SummaryList({ children, compact }: { children: ReactNode; compact?: boolean }) {
  return (
    <dl className={compact ? "staff-summary staff-summary--compact" : "staff-summary"}>
      {children}
    </dl>
  );
}

export function SummaryRow({
  label,
  testId,
  children,
}: {
  label: ReactNode;
  /** `data-testid` of the value, for the tests that read it. */
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="staff-summary__row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
