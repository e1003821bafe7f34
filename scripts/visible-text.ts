/**
 * A citizen's text made safe to print on an operator's terminal: every character that could
 * move the cursor, clear the screen, retitle the window, reorder the line (bidirectional
 * overrides) or hide itself is shown as `\u{…}` instead of being sent to the terminal. Line
 * breaks stay line breaks (indented by the caller), tabs stay tabs. The schema refuses control
 * characters today; appeals stored before it did, or written to the store by other means, may
 * still hold them.
 */
export function visibleText(text: string): string {
  return text
    .replace(/\r\n/g, "\n")
    .replace(/[^\P{Cc}\n\t]|\p{Cf}|\p{Cs}|[\u2028\u2029]/gu, (char) => {
      return `\\u{${(char.codePointAt(0) ?? 0).toString(16)}}`;
    });
}
