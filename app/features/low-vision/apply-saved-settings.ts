import type { LowVisionSpec } from "./low-vision-settings.ts";

/**
 * Runs in <head> before the body is painted, so a page opened in the version for the visually
 * impaired shows its colours and sizes from the first frame (no flash on navigation). Sent as a
 * static inline script (the same bytes on every page): self-contained, nothing from outside its
 * parameter. It marks <html> as having JavaScript (the control shows only then), and applies
 * the saved settings, each checked against the allowed values.
 */
export function applySavedLowVision(spec: LowVisionSpec): void {
  const root = document.documentElement;
  root.setAttribute("data-lv-js", "");
  let saved: Record<string, unknown> | null = null;
  try {
    saved = JSON.parse(localStorage.getItem(spec.storageKey) ?? "null");
  } catch {
    // No storage (privacy mode) or a damaged value: the normal version.
  }
  if (!saved || typeof saved !== "object") return;
  root.setAttribute("data-lv", "");
  for (const { key, values } of spec.settings) {
    const value = saved[key];
    root.setAttribute(
      `data-lv-${key}`,
      typeof value === "string" && values.includes(value) ? value : (values[0] ?? ""),
    );
  }
}
