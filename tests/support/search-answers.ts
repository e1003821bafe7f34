// What /search answers a query with, as the tests of issue 42 read it: each result's page in
// order and its text (a best answer is marked «Лучший ответ» in its result). The search is
// rendered per request, so a publish reaches it without a page rendered.
import { decodeHtml } from "./staff-test-app.ts";

export type SearchAnswer = { path: string; text: string };

/** The results of `query` on the server at `baseUrl`, in the order shown. */
export async function searchAnswers(baseUrl: string, query: string): Promise<SearchAnswer[]> {
  const response = await fetch(`${baseUrl}/search?q=${encodeURIComponent(query)}`);
  const html = decodeHtml(await response.text());
  return [...html.matchAll(/<li class="search-result[^"]*"[\s\S]*?<\/li>/g)].map((item) => ({
    path: /<a href="([^"]*)"/.exec(item[0])?.[1] ?? "",
    text: item[0].replace(/<[^>]*>/g, " ").replace(/\s+/g, " "),
  }));
}

/** The search's answers show the editors' synonym and best answer: /special-assessment for
 * «соут», /contacts first and marked for «телефон». */
export async function searchUsesEditorsSettings(baseUrl: string): Promise<boolean> {
  const sout = await searchAnswers(baseUrl, "соут");
  const phone = await searchAnswers(baseUrl, "телефон");
  return (
    sout.some((answer) => answer.path === "/special-assessment") &&
    phone[0]?.path === "/contacts" &&
    phone[0].text.includes("Лучший ответ")
  );
}
