/**
 * A ZIP written as it is sent (archiver): entries are added case by case, and the next case is
 * read only once the last one's entries are written out, so a year's cases never sit in memory
 * together. Entry names are UTF-8 (the ZIP's language flag set), contents stored bytes as given.
 */
import { ZipArchive } from "archiver";

export type ZipWriter = {
  /** What the reply sends. */
  stream: ZipArchive;
  add(name: string, content: Buffer, date: Date): void;
  /** Resolves once every entry added so far is written out; rejects if the ZIP was closed. */
  written(): Promise<void>;
  finish(): Promise<void>;
  /** Ends the download broken: what failed midway must not look like a whole case file. */
  fail(error: Error): void;
};

export function openZip(): ZipWriter {
  const stream = new ZipArchive({ zlib: { level: 6 } });
  let added = 0;
  let done = 0;
  let failure: Error | undefined;
  let wake = () => {};
  stream.on("entry", () => {
    done += 1;
    wake();
  });
  stream.on("error", (error) => {
    failure = error;
    wake();
  });
  stream.on("close", () => wake());
  return {
    stream,
    add(name, content, date) {
      added += 1;
      stream.append(content, { name, date });
    },
    async written() {
      while (done < added) {
        if (failure) throw failure;
        if (stream.destroyed) throw new Error("the download was closed");
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    },
    finish: () => stream.finalize(),
    fail(error) {
      stream.destroy(error);
    },
  };
}
