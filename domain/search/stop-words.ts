/**
 * Common Russian words a visitor types around what they look for («сколько стоит анализ воды»,
 * «как подать обращение»): the search does not require them (issue 42). Compared after folding
 * (lower case, «ё» as «е»), as typed, before stemming: a stem would take «как» and «какой» for
 * words of a page. Short on purpose: a word left out here only lowers a page holding it.
 */
import { foldText } from "./search-text.ts";

const stopWords = new Set([
  // prepositions and conjunctions
  ..."в во на о об обо для по с со к ко у из за от до при про без над под через и или а но да ли же бы".split(
    " ",
  ),
  // question words and asking
  ..."как какой какая какое какие каким каких где куда когда сколько что чем почему зачем кто".split(
    " ",
  ),
  ..."можно нужно надо хочу хотим хотел хотела ли есть".split(" "),
  // pronouns
  ..."я мне меня мы нам нас вы вам вас это этот эта эти мой моя мои наш ваш ваши свой свои".split(
    " ",
  ),
  ..."не ни то так там тут уже еще".split(" "),
]);

/** Whether a word (as typed) is a common word the search does not require. */
export const isStopWord = (word: string): boolean => stopWords.has(foldText(word));
