/**
 * The registry list's query (the filter form's fields, also the CSV export's): read with one
 * schema by the server, so a bad value is a 400 with a Russian message, never a 5xx.
 */
import { z } from "zod";
import { appealStates } from "../appeals/appeal-states.ts";
import { readRegistrationNumber } from "../appeals/registration-number.ts";

const blankAsUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const registryQuerySchema = z.object({
  state: z.preprocess(
    blankAsUndefined,
    z.enum(appealStates, { error: "Неизвестное состояние обращения" }).optional(),
  ),
  deadline: z.preprocess(
    blankAsUndefined,
    z.enum(["overdue", "due-soon"], { error: "Неизвестный фильтр по сроку" }).optional(),
  ),
  /** 'awaiting': only the appeals whose answer or notice draft awaits a head's approval. */
  approval: z.preprocess(
    blankAsUndefined,
    z.enum(["awaiting"], { error: "Неизвестный фильтр по согласованию" }).optional(),
  ),
  q: z.preprocess(
    blankAsUndefined,
    z.string().trim().max(254, { error: "Строка поиска — не длиннее 254 знаков" }).optional(),
  ),
  /** Keyset cursor: the list continues with appeals older than this one (its sequence number). */
  after: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .regex(/^[1-9]\d{0,15}$/, { error: "Неверная ссылка на страницу списка" })
      .transform(Number)
      .optional(),
  ),
});

export type RegistryQuery = z.infer<typeof registryQuerySchema>;

/**
 * A list query as the server runs it: the filters read from the URL and, for an executor, the
 * scope the server adds (never read from the URL: the schema above drops unknown parameters).
 */
export type ScopedRegistryQuery = RegistryQuery & {
  /** Only the appeals assigned to this login. */
  assignee?: string;
};

/** Reads URL search parameters; unknown parameters are ignored. */
export function readRegistryQuery(
  params: URLSearchParams,
): { ok: true; query: RegistryQuery } | { ok: false; message: string } {
  const result = registryQuerySchema.safeParse(Object.fromEntries(params));
  if (result.success) return { ok: true, query: result.data };
  return { ok: false, message: result.error.issues.map((issue) => issue.message).join("; ") };
}

/** The query as URL parameters (blank ones left out), for links to the next page and the CSV. */
export function registryQueryParams(query: Omit<RegistryQuery, "after">, after?: number): string {
  const params = new URLSearchParams();
  if (query.state) params.set("state", query.state);
  if (query.deadline) params.set("deadline", query.deadline);
  if (query.approval) params.set("approval", query.approval);
  if (query.q) params.set("q", query.q);
  if (after !== undefined) params.set("after", String(after));
  return params.toString();
}

/** How a search text is matched: a registration number, an e-mail address, or a surname. */
export type SearchTerm =
  | { kind: "number"; number: string }
  | { kind: "email"; email: string }
  | { kind: "surname"; variants: string[] };

/**
 * 'а-2026-000123' or 'A-2026-123' (a Latin A typed by mistake) find А-2026-000123; text with '@'
 * is an e-mail address (any case); anything else is a surname as typed, capitalised, or in
 * lower or upper case (names are stored as the citizen typed them).
 */
export function searchTerm(text: string): SearchTerm {
  const number = readRegistrationNumber(text);
  if (number) return { kind: "number", number };
  if (text.includes("@")) return { kind: "email", email: text.toLowerCase() };
  const lower = text.toLocaleLowerCase("ru");
  const capitalised = lower.charAt(0).toLocaleUpperCase("ru") + lower.slice(1);
  return {
    kind: "surname",
    variants: [...new Set([text, capitalised, lower, text.toLocaleUpperCase("ru")])],
  };
}
