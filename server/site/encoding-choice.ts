// Which of a file's precompressed variants a request gets (server/site/static-site.ts).
import type { IncomingHttpHeaders } from "node:http";
import Negotiator from "negotiator";
import type { SiteFile } from "./site-files.ts";

/** What a served file keeps to choose its variant per Accept-Encoding. */
export type EncodingChoices = {
  /** The encodings this file has, the server's preference first, then "identity". */
  offered: string[];
  /** Accept-Encoding as sent -> the encoding chosen for it. */
  chosen: Map<string | undefined, "br" | "gzip" | "identity">;
};

/**
 * The variant the client prefers by its q-values (negotiator: `br;q=0` refuses brotli even after
 * `*`), brotli before gzip when equal; the plain file when it accepts neither. Browsers send a
 * handful of distinct Accept-Encoding values, so each file remembers its answer per value (a
 * bounded table: a client sending endless new values only empties it).
 */
export function chooseEncoding(
  accept: IncomingHttpHeaders["accept-encoding"],
  prepared: EncodingChoices,
): "br" | "gzip" | undefined {
  let chosen = prepared.chosen.get(accept);
  if (chosen === undefined) {
    const negotiator = new Negotiator({ headers: { "accept-encoding": accept } });
    const preferred = preferredEncoding(negotiator, prepared.offered);
    chosen = preferred === "br" || preferred === "gzip" ? preferred : "identity";
    if (prepared.chosen.size >= 64) prepared.chosen.clear();
    prepared.chosen.set(accept, chosen);
  }
  return chosen === "identity" ? undefined : chosen;
}

// negotiator 1.0 takes the server's preference for ties; @types/negotiator (0.6) does not say so.
const preferredEncoding = (negotiator: Negotiator, offered: string[]) =>
  (
    negotiator.encoding as (
      available: string[],
      options: { preferred: string[] },
    ) => string | undefined
  ).call(negotiator, offered, { preferred: offered });

/** The bytes of the chosen variant (the plain file when none). */
export function variant(file: SiteFile, encoding: "br" | "gzip" | undefined): Buffer {
  if (encoding === "br" && file.brotli) return file.brotli;
  if (encoding === "gzip" && file.gzip) return file.gzip;
  return file.body;
}
