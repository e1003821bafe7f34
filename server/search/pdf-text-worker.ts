/**
 * The worker thread that reads a PDF's text for the search (issue 40, pdf-text-reader.ts): PDF.js
 * (through unpdf) runs here, off the server's event loop, under the heap limit the reader gave
 * it, watched from outside for its memory and CPU and ended by the reader when it goes past
 * them. One file at a time: a message with the bytes in, a message with the text out, at most
 * `maxChars` of it (a longer text is cut at a word's end and said to be cut).
 */
import { parentPort } from "node:worker_threads";

export type PdfTextJob = { bytes: Uint8Array; maxChars: number };
export type PdfTextAnswer =
  | { kind: "text"; text: string; cut: boolean }
  | { kind: "unreadable"; message: string };

/** The text cut to `maxChars`, at the last space before it when there is one. */
export function cutText(text: string, maxChars: number): { text: string; cut: boolean } {
  if (text.length <= maxChars) return { text, cut: false };
  const head = text.slice(0, maxChars);
  const space = head.search(/\s\S*$/);
  return { text: space > 0 ? head.slice(0, space) : head, cut: true };
}

async function read({ bytes, maxChars }: PdfTextJob): Promise<PdfTextAnswer> {
  try {
    const { extractText } = await import("unpdf");
    // Given the bytes, unpdf opens the document and destroys it once read.
    const { text } = await extractText(bytes, { mergePages: true });
    return { kind: "text", ...cutText(text, maxChars) };
  } catch (error) {
    return { kind: "unreadable", message: String((error as Error)?.message ?? error) };
  }
}

parentPort?.on("message", (job: PdfTextJob) => {
  void read(job).then((answer) => parentPort?.postMessage(answer));
});
