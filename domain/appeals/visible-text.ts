import { replaceInvisibleCharacters } from "../text/invisible-characters.ts";

/**
 * A citizen's text made safe to show to staff, on an operator's terminal, the staff pages, the
 * mails to staff and the CSV alike: every character that could move the cursor, clear the
 * screen, retitle the window, reorder the line (bidirectional overrides: 'Оплачено \u202e12345
 * руб' would read 'Оплачено 54321 бур') or hide itself is shown as `\u{…}` instead. Line
 * breaks stay line breaks (indented by the caller), tabs stay tabs. The schema refuses control
 * characters today; appeals stored before it did, or written to the store by other means, may
 * still hold them.
 */
export function visibleText(text: string): string {
  // Which characters: domain/text/invisible-characters.ts, the rule the public site's text follows.
  return replaceInvisibleCharacters(text.replace(/\r\n/g, "\n"), (char) => {
    return `\\u{${(char.codePointAt(0) ?? 0).toString(16)}}`;
  });
}
