import assert from "node:assert/strict";
import { test } from "node:test";
import { isStopWord } from "./stop-words.ts";

test("common words are stop words in any case; the words of what is sought are not", () => {
  for (const word of ["на", "Как", "СКОЛЬКО", "где", "можно", "для", "о", "об", "что", "ли"])
    assert.equal(isStopWord(word), true, word);
  for (const word of ["анализ", "воды", "стоит", "телефон", "соут", "цены", "обращение"])
    assert.equal(isStopWord(word), false, word);
});
