/**
 * The archive (issue 45, decision 0064) as the pages ask for it (domain/staff/archive-port.ts):
 * the cases whose storage term has ended, acts of destruction from draft to approval, and each
 * appeal's storage term. The archive is a head's: anyone else gets `undefined` (shown as 404) or
 * a 404 refusal. A case is destroyed only by an approved act, in the transaction that approves
 * it, after checking again that every listed case is still due.
 */
import { topicLabel } from "../../../domain/appeals/appeal-topics.ts";
import {
  type ArchiveRules,
  closingYearDueIn,
  defaultArchiveRules,
  isStorageTerm,
  type StorageTerm,
  storageTermArticles,
  storageTermLabels,
  storageTermOf,
} from "../../../domain/archive/storage-terms.ts";
import type { ArchivePort } from "../../../domain/staff/archive-port.ts";
import { maySeeAppeal, roleRefusal, type StaffViewer } from "../../../domain/staff/staff-roles.ts";
import { uuidPattern } from "../../../domain/text/patterns.ts";
import { kirovIsoDate } from "../../../domain/time/kirov-time.ts";
import type { NewActCase } from "../../db/archive-repository.ts";
import { appealEntry, eventEntry } from "../../db/audit-repository.ts";
import type { DataLayer } from "../../db/data-layer.ts";
import {
  actChangedMeanwhile,
  checkedProtocol,
  checkedReason,
  noLongerDue,
  noSuchAct,
  noSuchAppeal,
  notADraft,
  nothingDue,
  refused,
} from "./archive-refusals.ts";
import { actSummaryOf, actViewOf, dueYearsOf, receivedOn } from "./archive-views.ts";

const isHead = (viewer: StaffViewer) => viewer.role === "head";
const isActId = (id: number) => Number.isSafeInteger(id) && id > 0;

/** 1 January of the first closing year whose «5 лет ЭПК» term has not ended by `today`. */
export function closedBeforeOn(today: string): string {
  return `${String(closingYearDueIn(Number(today.slice(0, 4))) + 1).padStart(4, "0")}-01-01`;
}

export function createArchiveService(deps: {
  data: Pick<DataLayer, "transaction" | "archive" | "appeals" | "audit">;
  rules?: ArchiveRules | undefined;
  now?: () => Date;
}): ArchivePort {
  const { data } = deps;
  const rules = deps.rules ?? defaultArchiveRules;
  const now = deps.now ?? (() => new Date());
  const temporary: StorageTerm = "five-years-epk";

  /** A draft the head's form was made from, or why it cannot change. */
  async function draftAt(actId: number, version: number) {
    const act = isActId(actId) ? await data.archive.find(actId) : undefined;
    if (!act) return noSuchAct;
    if (act.state !== "draft") return notADraft;
    if (act.version !== version) return actChangedMeanwhile;
    return act;
  }

  return {
    async overview(viewer) {
      if (!isHead(viewer)) return undefined;
      const today = kirovIsoDate(now());
      const [due, acts, closedYears] = await Promise.all([
        data.archive.due(rules, closedBeforeOn(today), null),
        data.archive.acts(),
        data.archive.closedYears(),
      ]);
      return { today, due: dueYearsOf(due), acts: acts.map(actSummaryOf), closedYears };
    },

    async act(viewer, id) {
      if (!isHead(viewer) || !isActId(id)) return undefined;
      const act = await data.archive.find(id);
      return act && actViewOf(act);
    },

    async makeAct(viewer, closedYear) {
      if (!isHead(viewer)) return noSuchAct;
      if (closedYear !== null && !Number.isSafeInteger(closedYear)) return nothingDue(null);
      const at = now();
      const today = kirovIsoDate(at);
      const actId = await data.transaction(async (tx) => {
        await data.archive.lockActs(tx);
        const due = await data.archive.due(rules, closedBeforeOn(today), closedYear, tx);
        const cases: NewActCase[] = due
          .filter((row) => row.draftAct === null)
          .map((row) => ({
            appealId: row.appealId,
            registrationNumber: row.number,
            receivedOn: receivedOn(row.createdAt),
            closedOn: row.closedOn,
            topic: topicLabel(row.topic),
            term: storageTermLabels[temporary],
            article: storageTermArticles[temporary],
            caseIndex: rules.caseIndex[temporary],
          }));
        if (cases.length === 0) return undefined;
        const year = Number(today.slice(0, 4));
        const id = await data.archive.createAct(
          { year, madeOn: today, closedYear, by: viewer.login, at },
          cases,
          tx,
        );
        await data.audit.record(
          eventEntry(at, viewer.login, "archive-act-made", `акт: дел в списке: ${cases.length}`),
          tx,
        );
        return id;
      });
      return actId === undefined ? nothingDue(closedYear) : { ok: true, actId };
    },

    async removeCase(viewer, actId, position, reason, version) {
      if (!isHead(viewer)) return noSuchAct;
      const typed = checkedReason(reason, "Укажите причину, по которой дело исключается из акта.");
      if (!typed.ok) return typed;
      const act = await draftAt(actId, version);
      if (!("cases" in act)) return act;
      const line = act.cases.find((listed) => listed.position === position);
      if (!line) return refused(404, "В акте нет такого дела.");
      if (line.removed) return refused(409, "Дело уже исключено из акта.");
      const removal = { reason: typed.reason, by: viewer.login, at: now() };
      const removed = await data.transaction((tx) =>
        data.archive.removeCase(actId, position, removal, version, tx),
      );
      return removed ? { ok: true } : actChangedMeanwhile;
    },

    async annulAct(viewer, actId, reason, version) {
      if (!isHead(viewer)) return noSuchAct;
      const typed = checkedReason(reason, "Укажите причину аннулирования акта.");
      if (!typed.ok) return typed;
      const act = await draftAt(actId, version);
      if (!("cases" in act)) return act;
      const at = now();
      const annulled = await data.transaction(async (tx) => {
        const done = await data.archive.annul(
          actId,
          { reason: typed.reason, by: viewer.login, at },
          version,
          tx,
        );
        if (done) {
          await data.audit.record(
            eventEntry(at, viewer.login, "archive-act-annulled", `акт № ${act.number}`),
            tx,
          );
        }
        return done;
      });
      return annulled ? { ok: true } : actChangedMeanwhile;
    },

    async approveAct(viewer, actId, protocol, version) {
      if (!isHead(viewer)) return noSuchAct;
      const at = now();
      const today = kirovIsoDate(at);
      const typed = checkedProtocol(protocol, today);
      if (!typed.ok) return typed;
      const act = await draftAt(actId, version);
      if (!("cases" in act)) return act;
      if (act.listed === 0) {
        return refused(409, "В акте не осталось дел: его можно только аннулировать.");
      }
      // The check and the destruction are one transaction: no listed case can turn permanent
      // or open again in between (PostgreSQL: the check locks them).
      return data.transaction(async (tx) => {
        const stale = await data.archive.notDue(actId, rules, closedBeforeOn(today), tx);
        if (stale.length > 0) return noLongerDue(stale);
        const approval = { protocolNumber: typed.number, protocolDate: typed.date };
        const done = await data.archive.approve(
          actId,
          { ...approval, by: viewer.login, at },
          version,
          tx,
        );
        if (!done) return actChangedMeanwhile;
        await data.audit.record(
          eventEntry(
            at,
            viewer.login,
            "archive-act-approved",
            `акт № ${act.number} утверждён (протокол ЭК № ${typed.number} от ${typed.date}), уничтожено дел: ${done.destroyed}`,
          ),
          tx,
        );
        return { ok: true } as const;
      });
    },

    async setStorageTerm(viewer, appealId, term, reason) {
      const appeal = uuidPattern.test(appealId)
        ? await data.appeals.findInRegistry(appealId)
        : undefined;
      if (!appeal || !maySeeAppeal(viewer, appeal)) return noSuchAppeal;
      if (viewer.role !== "head" && viewer.role !== "registrar") return refused(403, roleRefusal);
      if (!isStorageTerm(term)) return refused(400, "Неизвестный срок хранения.");
      const typed = checkedReason(reason, "Укажите причину изменения срока хранения.");
      if (!typed.ok) return typed;
      if (appeal.storage_term === term) return { ok: true };
      const from = storageTermOf(appeal, rules);
      const fromLabel = `${storageTermLabels[from]}${appeal.storage_term === null ? " (по теме)" : ""}`;
      const at = now();
      const set = await data.transaction(async (tx) => {
        if (!(await data.archive.setStorageTerm(appealId, term, tx))) return false;
        const details = `срок хранения: ${fromLabel} → ${storageTermLabels[term]}; причина: ${typed.reason}`;
        await data.audit.record(
          appealEntry(at, viewer.login, appealId, "set-storage-term", { details }),
          tx,
        );
        return true;
      });
      return set ? { ok: true } : noSuchAppeal;
    },
  };
}
