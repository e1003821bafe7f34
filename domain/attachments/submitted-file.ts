/**
 * A file sent with a form (the staff answer's files today, a citizen's files next), as the
 * server's door hands it to a page's action: read while it streamed in, its type recognised by
 * its content (server/attachments/), its name cleaned here.
 */
export type SubmittedFile = {
  /** Cleaned (`cleanFileName`), with the extension of its real type. */
  fileName: string;
  /** Recognised from the content, never the name or the browser's word. */
  mediaType: string;
  content: Uint8Array;
  /** The form's input it came in (a page with several file inputs tells them apart by it). */
  field?: string;
};

/** The longest name kept, in characters (code points, never half of one). */
export const maxFileNameLength = 150;

/** What a name with nothing left after cleaning is called. */
export const unnamedFile = "файл";

// Control characters (Cc), format characters (Cf: bidi controls, zero-width, soft hyphen, BOM,
// tags…), the line and paragraph separators (Zl, Zp): none may reach a download's name or a mail.
const invisible = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/**
 * A name fit to offer on download and in a mail: no folders, no control, format or separator
 * character, no leading dots or spaces, at most `maxFileNameLength` characters (its end kept: the
 * extension), cut between characters, never inside a surrogate pair; 'файл' when nothing is left.
 */
export function cleanFileName(given: string): string {
  const base = given.split(/[\\/]/).at(-1) ?? "";
  const visible = base
    .normalize("NFC")
    .replace(invisible, "")
    .replace(/^[.\s]+|\s+$/g, "");
  const characters = Array.from(visible);
  const kept = characters.slice(Math.max(0, characters.length - maxFileNameLength)).join("");
  const clean = kept.replace(/^[.\s]+/, "");
  return clean === "" ? unnamedFile : clean;
}
