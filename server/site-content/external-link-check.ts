/**
 * Web links of the site's texts checked the way a polite robot does (issue 43, decision 0061): a
 * HEAD, then a GET when the server refuses HEAD (405, 501) whose body is not read; one request a
 * second at most to any one host; a timeout on each; a `User-Agent` naming the site, so the
 * other site's operator knows who asks. A redirect is an answer (the link leads somewhere): it is
 * not followed, which would be a request to another host outside the count. The clock and the
 * wait are injected: the tests check the pacing without sleeping.
 */

/** The answer for one address: its status (null: none came) and why it is broken (null: works). */
export type ExternalLinkResult = { href: string; status: number | null; problem: string | null };

export type ExternalCheckOptions = {
  /** The `User-Agent` of every request: names the site and its address. */
  userAgent: string;
  /** How long one request may take before the link counts as not answering. */
  timeoutMs: number;
  /** The least time between two requests to one host. */
  perHostIntervalMs: number;
  /** Milliseconds now, of any origin (injected in tests). */
  now: () => number;
  /** Waits `ms` (injected in tests: the clock moves on, nothing sleeps). */
  wait: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
};

export const externalCheckDefaults = {
  timeoutMs: 10_000,
  perHostIntervalMs: 1_000,
  /** Addresses checked in one daily run at most: the rest wait for the next days. */
  maxPerRun: 200,
} as const;

/** The `User-Agent` naming the site by its address (ASCII: a header carries no other). */
export const linkCheckUserAgent = (siteUrl: string) =>
  `AgrochemKirovLinkCheck/1.0 (+${siteUrl}; site link check)`;

const statusWords: Record<number, string> = {
  401: "нужен вход",
  403: "доступ закрыт",
  404: "страница не найдена",
  410: "страница удалена",
  500: "ошибка на том сайте",
  502: "ошибка на том сайте",
  503: "тот сайт недоступен",
  504: "тот сайт не ответил вовремя",
};

/** Why an answer's status means the link is broken, or null for a working one. */
function problemOfStatus(status: number): string | null {
  if (status < 400) return null;
  const words = statusWords[status];
  return `Сайт ответил кодом ${status}${words ? ` (${words})` : ""}.`;
}

/** A request that got no answer, in words (no address or personal data in it). */
function problemOfError(error: unknown, timeoutMs: number): string {
  const name = (error as Error)?.name;
  if (name === "TimeoutError" || name === "AbortError") {
    return `Сайт не ответил за ${Math.round(timeoutMs / 1000)} с.`;
  }
  const code = (error as { cause?: { code?: string } })?.cause?.code;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "Адрес сайта не найден (DNS).";
  if (code === "ECONNREFUSED") return "Сайт не принимает соединения.";
  if (code?.startsWith("CERT_") || code?.includes("TLS") || code?.includes("SSL")) {
    return "Не удалось проверить сертификат сайта.";
  }
  return "Сайт недоступен.";
}

/**
 * The addresses in an order that alternates hosts: one host's addresses are spaced by the others'
 * requests, so a run waits less for the one-a-second rule.
 */
export function interleavedByHost(hrefs: readonly string[]): string[] {
  const byHost = new Map<string, string[]>();
  for (const href of hrefs) {
    const host = hostOf(href);
    byHost.set(host, [...(byHost.get(host) ?? []), href]);
  }
  const queues = [...byHost.values()];
  const ordered: string[] = [];
  for (let round = 0; ordered.length < hrefs.length; round++) {
    for (const queue of queues) {
      const href = queue[round];
      if (href !== undefined) ordered.push(href);
    }
  }
  return ordered;
}

const hostOf = (href: string) => {
  try {
    return new URL(href).host.toLowerCase();
  } catch {
    return "";
  }
};

/** Checks the addresses one request at a time, each host at most once per interval. */
export async function checkExternalLinks(
  hrefs: readonly string[],
  options: ExternalCheckOptions,
): Promise<ExternalLinkResult[]> {
  const request = options.fetch ?? fetch;
  const lastAt = new Map<string, number>();

  /** One request, after the host's interval since its last one has passed. */
  async function ask(href: string, method: "HEAD" | "GET"): Promise<Response> {
    const host = hostOf(href);
    const last = lastAt.get(host);
    if (last !== undefined) {
      const due = last + options.perHostIntervalMs - options.now();
      if (due > 0) await options.wait(due);
    }
    lastAt.set(host, options.now());
    const response = await request(href, {
      method,
      redirect: "manual",
      headers: { "user-agent": options.userAgent, accept: "*/*" },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    // A GET's body is not wanted: only that the page is there.
    await response.body?.cancel().catch(() => {});
    return response;
  }

  const results: ExternalLinkResult[] = [];
  for (const href of interleavedByHost(hrefs)) {
    try {
      let response = await ask(href, "HEAD");
      if (response.status === 405 || response.status === 501) response = await ask(href, "GET");
      results.push({ href, status: response.status, problem: problemOfStatus(response.status) });
    } catch (error) {
      results.push({ href, status: null, problem: problemOfError(error, options.timeoutMs) });
    }
  }
  return results;
}
