/**
 * The shared appeal schema (zod) is loaded when the visitor starts on the form, not with the
 * page: it is a fifth of the page's script and the page must stay within 130 KB (gzipped).
 * Started on the first focus in the form; the submit waits for it.
 */
type AppealSchemaModule = typeof import("../../../../domain/appeals/appeal-schema.ts");

let loading: Promise<AppealSchemaModule> | null = null;

export function loadAppealSchema(): Promise<AppealSchemaModule> {
  loading ??= import("../../../../domain/appeals/appeal-schema.ts").catch((error: unknown) => {
    // Let a later submit try again (a dropped connection, a new release's file names).
    loading = null;
    throw error;
  });
  return loading;
}
