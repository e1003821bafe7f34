/**
 * The archive's configuration (issue 45, decision 0064): which topics the organisation keeps
 * permanently besides the corruption report (ARCHIVE_PERMANENT_TOPICS: the codes of
 * domain/appeals/appeal-topics.ts, comma-separated), and the index of each term's case in its
 * nomenclature of cases (ARCHIVE_CASE_INDEX_PERMANENT, ARCHIVE_CASE_INDEX_TEMPORARY).
 */
import { z } from "zod";
import { type AppealTopic, appealTopicCodes } from "../domain/appeals/appeal-topics.ts";
import { type ArchiveRules, defaultArchiveRules } from "../domain/archive/storage-terms.ts";
import { parsed } from "./config-store.ts";

/** A list of topic codes; an unknown one is named, with the codes there are. */
function parsePermanentTopics(text: string): AppealTopic[] {
  const codes = text
    .split(",")
    .map((code) => code.trim())
    .filter((code) => code !== "");
  const known = appealTopicCodes as readonly string[];
  const unknown = codes.filter((code) => !known.includes(code));
  if (unknown.length > 0) {
    throw new Error(
      `unknown topic code${unknown.length > 1 ? "s" : ""} ${unknown.map((code) => `"${code}"`).join(", ")}; the codes are: ${known.join(", ")}`,
    );
  }
  return [...new Set(codes)] as AppealTopic[];
}

const caseIndex = (fallback: string) =>
  z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(30, "must be at most 30 characters")
    .default(fallback);

export const archiveShape = {
  ARCHIVE_PERMANENT_TOPICS: parsed(parsePermanentTopics).optional(),
  ARCHIVE_CASE_INDEX_PERMANENT: caseIndex(defaultArchiveRules.caseIndex.permanent),
  ARCHIVE_CASE_INDEX_TEMPORARY: caseIndex(defaultArchiveRules.caseIndex["five-years-epk"]),
};

export function archiveRulesOf(data: {
  ARCHIVE_PERMANENT_TOPICS?: AppealTopic[] | undefined;
  ARCHIVE_CASE_INDEX_PERMANENT: string;
  ARCHIVE_CASE_INDEX_TEMPORARY: string;
}): ArchiveRules {
  return {
    permanentTopics: data.ARCHIVE_PERMANENT_TOPICS ?? defaultArchiveRules.permanentTopics,
    caseIndex: {
      permanent: data.ARCHIVE_CASE_INDEX_PERMANENT,
      "five-years-epk": data.ARCHIVE_CASE_INDEX_TEMPORARY,
    },
  };
}
