/**
 * An appeal's «Срок хранения» as its page shows it (issue 45): the term that holds (staff's choice
 * or the topic's default), where the case is filed, when its term ends, and the act listing it.
 */
import {
  type ArchiveRules,
  defaultArchiveRules,
  isStorageTerm,
  storageTermArticles,
  storageTermLabels,
  storageTermOf,
  termEnd,
} from "../../../domain/archive/storage-terms.ts";
import type { StorageTermView } from "../../../domain/staff/archive-port.ts";
import type { ArchiveRepository } from "../../db/archive-repository.ts";

type StoredTerm = { storage_term: string | null; topic: string | null; closed_on: string | null };

/** The view of a stored appeal, with the act that lists it now, if one does. */
export async function storageOf(
  archive: Pick<ArchiveRepository, "actListing">,
  appeal: StoredTerm & { id: string },
  rules: ArchiveRules = defaultArchiveRules,
): Promise<StorageTermView> {
  return storageViewOf(appeal, rules, await archive.actListing(appeal.id));
}

function storageViewOf(
  appeal: StoredTerm,
  rules: ArchiveRules,
  onAct: string | null,
): StorageTermView {
  const term = storageTermOf(appeal, rules);
  return {
    term,
    label: storageTermLabels[term],
    byDefault: appeal.storage_term === null || !isStorageTerm(appeal.storage_term),
    caseIndex: rules.caseIndex[term],
    article: storageTermArticles[term],
    closedOn: appeal.closed_on,
    termEnd: termEnd(term, appeal.closed_on) ?? null,
    onAct,
  };
}
