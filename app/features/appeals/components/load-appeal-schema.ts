import { appealFormIslandId } from "../island-id.ts";

/**
 * The shared appeal schema (zod) is loaded when the visitor starts on the form, not with the
 * page: it is as large as a third of React, and the page's script must stay within 70 KB
 * (gzipped). Started on the first focus in the form; the submit waits for it. Its address is on
 * the island's element (`data-schema-src`, written at build time by
 * scripts/add-island-script.ts); vite.island-schema.config.ts builds it.
 */
export type AppealFormLazy = typeof import("../appeal-form-lazy.ts");
type AppealSchemaModule = AppealFormLazy;

let loading: Promise<AppealSchemaModule> | null = null;

export function loadAppealSchema(): Promise<AppealSchemaModule> {
  const address = document.getElementById(appealFormIslandId)?.dataset.schemaSrc;
  if (!address) return Promise.reject(new Error("the page names no appeal schema"));
  loading ??= (import(/* @vite-ignore */ address) as Promise<AppealSchemaModule>).catch(
    (error: unknown) => {
      // Let a later submit try again (a dropped connection, a new release's file names).
      loading = null;
      throw error;
    },
  );
  return loading;
}
