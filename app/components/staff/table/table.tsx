import type { ReactNode } from "react";

/**
 * A staff table. Wider than the screen (the registry's eight columns on a phone), it scrolls in
 * its own region, never the page; the region takes focus so a keyboard can scroll it, and its
 * name says which table it is. A table of two columns (the statistics') always fits: no region.
 */
export function Table({
  label,
  className,
  testId,
  children,
}: {
  /**
   * The region's name ('Журнал изменений') for a table that may be wider than a phone: it then
   * scrolls in its own focusable region. None for a narrow table that always fits.
   */
  label?: string;
  /** Extra classes after `staff-table` (the statistics' numbers). */
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const table = (
    <table className={className ? `staff-table ${className}` : "staff-table"} data-testid={testId}>
      {children}
    </table>
  );
  return label ? (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so keyboard users can scroll it (WCAG 2.1.1).
    <section className="staff-table-wrap" aria-label={label} tabIndex={0}>
      {table}
    </section>
  ) : (
    <div className="staff-table-wrap">{table}</div>
  );
}
