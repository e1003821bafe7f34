// The project's relevance set (issue 42) over the built site as the server serves it, with the
// content's defaults (their synonyms and best answers): every question's answer among the first
// three results. Needs the build (`npm run build`).
import assert from "node:assert/strict";
import { test } from "node:test";
import { relevanceSet, scoreRelevance } from "./relevance-set.ts";
import { searchOverTheBuild } from "./search-over-the-build.ts";

test("every question of the relevance set has a right page in the first three results", async () => {
  assert.ok(relevanceSet.length >= 40, "at least 40 questions");
  const search = await searchOverTheBuild();
  const score = scoreRelevance(search.search);
  const missed = score.ranks
    .filter((entry) => entry.rank === 0 || entry.rank > 3)
    .map((entry) => `«${entry.query}»: ${entry.rank || "—"} (${entry.found.join(", ")})`);
  assert.deepEqual(missed, []);
  // The figures, for the record (bench/search-relevance.ts prints them with the timings).
  console.log(
    `relevance set: ${score.questions} questions, top-1 ${score.top1}, top-3 ${score.top3}, MRR ${score.mrr.toFixed(3)}`,
  );
});

test("the issue's snippets: from the sentence holding the words, never the tabs or a header row", async () => {
  const search = await searchOverTheBuild();
  const snippet = (query: string, path: string) =>
    search
      .search(query)
      .hits.find((hit) => hit.path === path)
      ?.snippet.map((part) => part.text)
      .join("") ?? "";
  const prices = snippet("цены на анализ кормов", "/services/special_offer");
  assert.match(prices, /^Анализ кормов\. Все цены указаны/, prices);
  for (const [query, path] of [
    ["спецпредложения", "/services/special_offer"],
    ["пакет", "/services/special_offer"],
    ["должность", "/contacts"],
    ["телефон", "/contacts"],
    ["химик", "/vacancies"],
  ] as const) {
    const text = snippet(query, path);
    assert.equal(
      /Все услуги|Цена за образец|Электронная почта ФИО|Должность/.test(text),
      false,
      text,
    );
  }
});
