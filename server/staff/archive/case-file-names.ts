/**
 * Names inside the case file's ZIP: a citizen's or staff's file name never leaves its folder (no
 * separators, no «..», no control characters, nothing a file system refuses), and no two entries
 * of one folder share a name: a repeat is numbered, «акт (2).pdf».
 */

const longest = 120;

/** One path segment from any text: what cannot stand in a file name becomes «_». */
export function safeSegment(name: string, fallback = "файл"): string {
  const cleaned = name
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}/\\:*?"<>|]/gu, "_")
    .replace(/^[\s.]+|[\s.]+$/g, "")
    .trim();
  if (cleaned === "" || /^_+$/.test(cleaned)) return fallback;
  if ([...cleaned].length <= longest) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : "";
  return [...cleaned].slice(0, longest - extension.length).join("") + extension;
}

/** The names given in one folder so far; `take` returns a free one for `name`. */
export class FolderNames {
  private readonly taken = new Set<string>();

  take(name: string): string {
    const safe = safeSegment(name);
    const dot = safe.lastIndexOf(".");
    const [stem, extension] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, ""];
    let candidate = safe;
    for (let count = 2; this.taken.has(candidate.toLowerCase()); count += 1) {
      candidate = `${stem} (${count})${extension}`;
    }
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}
