/**
 * The characters a reader does not see, or that change how the text around them reads, in one
 * place for every text shown to someone else (issue 40): control characters but tab and line
 * feed (Cc), format characters (Cf: the bidirectional controls U+202A–U+202E, U+2066–U+2069,
 * U+200E, U+200F and U+061C, which reorder a line — 'Оплачено \u202e12345 руб' reads 'Оплачено
 * 54321 бур' —, zero-width characters, the soft hyphen, the BOM, tags), halves of surrogate pairs
 * alone (Cs), the line and paragraph separators, and the noncharacters (U+FFFE, U+FFFF…: no
 * character at all, and not allowed in XML, so one would break the news feed).
 */
const invisible = /^(?:[^\P{Cc}\n\t]|\p{Cf}|\p{Cs}|[\u2028\u2029]|\p{Noncharacter_Code_Point})$/u;

/**
 * Which UTF-16 units may be one (every surrogate: a pair is judged whole), read from `invisible`
 * once. Scanning with it cost about 6 ns a character on this 2-core machine under load, where
 * the regex over a text cost 20–25 ns on Cyrillic: 80–100 ms for the 4 MB of 200 announcements,
 * against 25 ms, each time their schema is checked (bench: issue 40's decision record, 0054).
 */
let candidates: Uint8Array | undefined;

function candidateUnits(): Uint8Array {
  if (candidates) return candidates;
  candidates = new Uint8Array(0x10000);
  for (let unit = 0; unit < 0x10000; unit += 1) {
    const surrogate = unit >= 0xd800 && unit <= 0xdfff;
    if (surrogate || invisible.test(String.fromCharCode(unit))) candidates[unit] = 1;
  }
  return candidates;
}

/** The text with every invisible character replaced by what `by` makes of it. */
export function replaceInvisibleCharacters(text: string, by: (character: string) => string) {
  const units = candidateUnits();
  let kept = "";
  let from = 0;
  for (let at = 0; at < text.length; at += 1) {
    if (units[text.charCodeAt(at)] === 0) continue;
    // A surrogate pair is one character, judged whole; a half alone is invisible.
    const character = text.slice(at, at + ((text.codePointAt(at) ?? 0) > 0xffff ? 2 : 1));
    if (invisible.test(character)) {
      kept += text.slice(from, at) + by(character);
      from = at + character.length;
    }
    at += character.length - 1;
  }
  return from === 0 ? text : kept + text.slice(from);
}

/**
 * The text without them: what staff type for the public site (domain/site-content/typed-text.ts).
 * Dropped rather than shown as `\u{…}` (as citizens' text is shown to staff, to reveal a trick):
 * visitors read the page, and what is dropped is either a trick (a line reversed, a word split
 * unseen) or a hint nothing needs (a soft hyphen, a joiner of an emoji's parts).
 */
export const withoutInvisibleCharacters = (text: string) =>
  replaceInvisibleCharacters(text, () => "");
