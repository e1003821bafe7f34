/**
 * The control characters a typed text may not hold (C0 but the tab and the line break, and DEL),
 * and the refusal that says which one and where, so the editor can find a character nobody sees
 * (issue 43): its code, its usual short name, its line and its place in the line, counted as a
 * person counts them (a letter outside the BMP is one place).
 */

/** The short names of C0's characters, by code (the ones a text refuses; DEL apart). */
const c0Names = (
  "NUL SOH STX ETX EOT ENQ ACK BEL BS HT LF VT FF CR SO SI " +
  "DLE DC1 DC2 DC3 DC4 NAK SYN ETB CAN EM SUB ESC FS GS RS US"
).split(" ");

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const refused = /[\u0000-\u0008\u000B-\u001F\u007F]/;

/** `text`'s first refused character in words for staff, or undefined when it has none. */
export function controlCharacterRefusal(text: string): string | undefined {
  const lines = text.split("\n");
  for (const [lineIndex, line] of lines.entries()) {
    if (!refused.test(line)) continue;
    const characters = Array.from(line);
    const place = characters.findIndex((character) => refused.test(character));
    const code = characters[place]?.codePointAt(0) ?? 0;
    const hex = code.toString(16).toUpperCase().padStart(4, "0");
    const name = code === 0x7f ? "DEL" : c0Names[code];
    return `Уберите служебный знак U+${hex} (${name}) в строке ${lineIndex + 1}, позиция ${place + 1}: он не виден, но мешает сохранить текст.`;
  }
  return undefined;
}
