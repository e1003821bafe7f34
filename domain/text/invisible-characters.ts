/**
 * The characters a reader does not see, or that change how the text around them reads, in one
 * place for every text shown to someone else (issue 40): control characters but tab and line
 * feed (Cc), format characters (Cf: the bidirectional controls U+202A–U+202E, U+2066–U+2069,
 * U+200E, U+200F and U+061C, which reorder a line — 'Оплачено \u202e12345 руб' reads 'Оплачено
 * 54321 бур' —, zero-width characters, the soft hyphen, the BOM, tags), halves of surrogate pairs
 * alone (Cs), the line and paragraph separators, and the noncharacters (U+FFFE, U+FFFF…: no
 * character at all, and not allowed in XML, so one would break the news feed).
 */
const invisible = /[^\P{Cc}\n\t]|\p{Cf}|\p{Cs}|[\u2028\u2029]|\p{Noncharacter_Code_Point}/gu;

/** The text with every invisible character replaced by what `by` makes of it. */
export function replaceInvisibleCharacters(text: string, by: (character: string) => string) {
  return text.replace(invisible, by);
}

/**
 * The text without them: what staff type for the public site (domain/site-content/typed-text.ts).
 * Dropped rather than shown as `\u{…}` (as citizens' text is shown to staff, to reveal a trick):
 * visitors read the page, and what is dropped is either a trick (a line reversed, a word split
 * unseen) or a hint nothing needs (a soft hyphen, a joiner of an emoji's parts).
 */
export const withoutInvisibleCharacters = (text: string) => text.replace(invisible, "");
