import type { ReactNode } from "react";

/**
 * A short state in a coloured frame: an appeal's state, a term's alert (red in the last days and
 * past it, yellow once half has passed), a draft's «На согласовании». The words always say what
 * the colour says; the colour only helps the eye find it.
 */
export type TagTone = "neutral" | "info" | "success" | "warning" | "danger";

export function Tag({
  tone = "neutral",
  className,
  children,
}: {
  tone?: TagTone;
  /** A class before the tag's own (a hook such as `draft-mark`). */
  className?: string;
  children: ReactNode;
}) {
  const own = `staff-tag staff-tag--${tone}`;
  return <span className={className ? `${className} ${own}` : own}>{children}</span>;
}
