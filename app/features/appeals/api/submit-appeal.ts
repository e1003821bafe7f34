/**
 * The browser's call to the appeals API (spec, section 7): `POST {host}/api/users/appeals/` with
 * a JSON body and JSON `Accept`/`Content-Type`. A plain fetcher: no state, no retry.
 */

/** Base address of the API: port 8000 on a local host, otherwise the page's own origin. */
export function appealsApiBase(location: Pick<Location, "hostname" | "protocol" | "origin">) {
  return location.hostname === "localhost"
    ? `${location.protocol}//localhost:8000`
    : location.origin;
}

export const appealsApiPath = "/api/users/appeals/";

export type SubmitAppealAnswer =
  /**
   * 2xx. `number` is the registration number from a 201 body, when the body carries one;
   * `acknowledged` when the body says an acknowledgement is on its way to the citizen's address.
   */
  | { ok: true; number: string | null; acknowledged: boolean }
  /** Any other status. `errors` holds per-field messages from a 400 body, when it has them. */
  | { ok: false; status: number; errors: Record<string, string> | null };

/**
 * Sends one appeal. Resolves with the answer for every HTTP status; rejects only when no answer
 * came (network failure), so the caller tells the two failures apart only for its log.
 */
export async function submitAppeal(
  body: Record<string, unknown>,
  options: { baseUrl: string; signal?: AbortSignal },
): Promise<SubmitAppealAnswer> {
  const response = await fetch(`${options.baseUrl}${appealsApiPath}`, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal: options.signal,
  });
  return readAnswer(response);
}

/**
 * The API's answer as the form reads it. The spec reads only `ok`; the body is a bonus
 * (registration number, field messages), so a body that is missing or not JSON never turns an
 * answer into a failure.
 */
export async function readAnswer(response: Response): Promise<SubmitAppealAnswer> {
  const payload = await readJson(response);
  if (response.ok) {
    const number = payload?.number;
    return {
      ok: true,
      number: typeof number === "string" || typeof number === "number" ? String(number) : null,
      acknowledged: payload?.acknowledged === true,
    };
  }
  return { ok: false, status: response.status, errors: fieldErrors(payload?.errors) };
}

async function readJson(response: Response): Promise<Record<string, unknown> | null> {
  try {
    const payload: unknown = await response.json();
    return typeof payload === "object" && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function fieldErrors(value: unknown): Record<string, string> | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(value)) {
    if (typeof message === "string") errors[field] = message;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}
