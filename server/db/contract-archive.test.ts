// The archive on both stores (issue 45, decision 0064), the clock injected: which closed cases
// are due (an open case never; a corruption report or a configured permanent topic never; staff's
// chosen term over the topic's; the term ends on 31 December of the fifth year after closing, so
// 31 December and 1 January of a closing year fall on either side), the acts' life from draft
// through a case taken off to approval, which destroys only the listed cases still on it with
// everything of theirs and nothing else, keeps the act's list without personal data and leaves
// the statistics as they were; annulment; refusals of a form made from an older act; nothing
// destroyed by making, editing or annulling an act.
import assert from "node:assert/strict";
import { test } from "node:test";
import { type AppealTopic, topicLabel } from "../../domain/appeals/appeal-topics.ts";
import {
  type ArchiveRules,
  defaultArchiveRules,
  storageTermArticles,
  storageTermLabels,
  storageTermOf,
  termHasEnded,
} from "../../domain/archive/storage-terms.ts";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import { contractSuite } from "../../tests/support/data-layer-contract.ts";
import { sampleNewAppeal } from "../../tests/support/test-appeal.ts";
import { closedBeforeOn } from "../staff/archive/archive-service.ts";
import type { NewActCase } from "./archive-repository.ts";
import { appealEntry } from "./audit-repository.ts";
import type { DataLayer } from "./data-layer.ts";

/** The organisation keeps its proposals' topic permanently (ARCHIVE_PERMANENT_TOPICS). */
const permanentTopic: AppealTopic = "laboratory";
const rules: ArchiveRules = { ...defaultArchiveRules, permanentTopics: [permanentTopic] };

/** The injected clock: a Kirov noon of the day. */
let clock = new Date("2031-06-01T09:00:00Z");
const setToday = (day: string) => {
  clock = new Date(`${day}T09:00:00Z`);
};
const today = () => kirovIsoDate(clock);

type Seed = {
  key: string;
  state: "registered" | "answered" | "forwarded" | "without_answer";
  closedOn: string | null;
  topic?: string;
  storageTerm?: string;
};

const seeds: Seed[] = [
  { key: "lastDay", state: "answered", closedOn: "2025-12-31" },
  { key: "firstDay", state: "answered", closedOn: "2026-01-01" },
  { key: "open", state: "registered", closedOn: null },
  { key: "corruption", state: "answered", closedOn: "2020-05-01", topic: "corruption-report" },
  { key: "proposal", state: "answered", closedOn: "2020-05-02", topic: permanentTopic },
  { key: "keptLonger", state: "answered", closedOn: "2020-05-03", storageTerm: "permanent" },
  {
    key: "chosenTemporary",
    state: "answered",
    closedOn: "2021-02-03",
    topic: "corruption-report",
    storageTerm: "five-years-epk",
  },
  { key: "forwarded", state: "forwarded", closedOn: "2024-03-10", topic: "soil-survey" },
  { key: "leftWithout", state: "without_answer", closedOn: "2025-06-01" },
];

/** Each seeded author's personal data: none of it may reach an act. */
const person = (index: number) => ({
  first_name: `Архип${"абвгдежзик"[index]}`,
  last_name: `Хранилов${"абвгдежзик"[index]}`,
  email: `archive-author-${index}@example.ru`,
  phone: `8 912 000-00-${String(10 + index)}`,
  phone_normalized: `+791200000${String(10 + index)}`,
  comment: `Личный текст обращения номер ${index}`,
});

async function seedAppeals(data: DataLayer): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const [index, seed] of seeds.entries()) {
    const received = `${String(Number((seed.closedOn ?? "2026-02-01").slice(0, 4)))}-01-02`;
    const id = await data.transaction(async (tx) => {
      const stored = await data.appeals.insert(
        sampleNewAppeal(`${received}T08:00:00Z`, person(index)),
        tx,
      );
      await tx.run(
        `UPDATE appeals SET state = ?, registered_on = ?, closed_on = ?, topic = ?,
           storage_term = ?, answered_on = ?, forwarded_on = ? WHERE id = ?`,
        [
          seed.state,
          received,
          seed.closedOn,
          seed.topic ?? null,
          seed.storageTerm ?? null,
          seed.state === "answered" ? seed.closedOn : null,
          seed.state === "forwarded" ? seed.closedOn : null,
          stored.id,
        ],
      );
      return stored.id;
    });
    ids.set(seed.key, id);
  }
  return ids;
}

/** A case's files, mails, notes, answer, notice draft and audit lines. */
async function furnish(data: DataLayer, appealId: string, at: Date) {
  await data.transaction(async (tx) => {
    await data.attachments.insertAll(
      appealId,
      { kind: "appeal", id: appealId },
      [{ fileName: "скан.pdf", mediaType: "application/pdf", content: new Uint8Array([37, 80]) }],
      at,
      tx,
    );
    await data.deliveries.enqueue(
      { kind: "appeal-notification", appealId, recipients: [{ group: "handlers" }], at },
      tx,
    );
    await data.notes.add({ appealId, staffLogin: "registrar", text: "Заметка", at }, tx);
    await data.answers.insert(
      {
        appealId,
        text: "Ответ по существу",
        outgoingNumber: "1-2",
        staffLogin: "head",
        createdAt: at,
        answeredOn: "2025-01-01",
      },
      tx,
    );
    await data.noticeDrafts.submit(
      {
        appealId,
        intent: "extend",
        fields: { reason: "запрос" },
        draftedBy: "executor",
        draftedAt: at,
      },
      tx,
    );
    await data.audit.record(appealEntry(at, "registrar", appealId, "note"), tx);
  });
}

/** How many rows of each table naming the appeal: the tables with a foreign key to appeals, and the audit. */
async function traces(data: DataLayer, appealId: string): Promise<Record<string, number>> {
  return data.transaction(async (tx) => {
    const tables =
      tx.kind === "sqlite"
        ? await tx.all(
            `SELECT m.name AS child, p."from" AS col FROM sqlite_master m
             JOIN pragma_foreign_key_list(m.name) p WHERE m.type = 'table' AND p."table" = 'appeals'`,
          )
        : await tx.all(
            `SELECT kcu.table_name AS child, kcu.column_name AS col
             FROM information_schema.referential_constraints rc
             JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = rc.constraint_name
               AND kcu.constraint_schema = rc.constraint_schema
             JOIN information_schema.constraint_column_usage ccu
               ON ccu.constraint_name = rc.constraint_name
               AND ccu.constraint_schema = rc.constraint_schema
             WHERE ccu.table_name = 'appeals' AND rc.constraint_schema = current_schema()`,
          );
    const counts: Record<string, number> = {};
    for (const { child, col } of [...tables, { child: "staff_audit", col: "appeal_id" }]) {
      const cast = tx.kind === "postgres" ? `CAST(${String(col)} AS TEXT)` : String(col);
      const [row] = await tx.all(`SELECT COUNT(*) AS n FROM ${String(child)} WHERE ${cast} = ?`, [
        appealId,
      ]);
      counts[String(child)] = Number(row?.n);
    }
    return counts;
  });
}

const rollupTables = ["by_state", "by_region", "by_topic", "answer_days", "late_answers"].flatMap(
  (name) => [`statistics_${name}`, `statistics_${name}_monthly`],
);

/** Every count the statistics keep, as text: what the published figures are made from. */
async function statisticsCounts(data: DataLayer): Promise<string[]> {
  return data.transaction(async (tx) => {
    const lines: string[] = [];
    for (const table of rollupTables) {
      const rows = await tx.all(`SELECT * FROM ${table} WHERE appeals <> 0`);
      lines.push(...rows.map((row) => `${table} ${JSON.stringify(row)}`));
    }
    return lines.sort();
  });
}

const archiveTablesText = (data: DataLayer) =>
  data.transaction(async (tx) =>
    JSON.stringify([
      await tx.all("SELECT * FROM archive_acts"),
      await tx.all("SELECT * FROM archive_act_cases"),
    ]),
  );

const appealCount = (data: DataLayer) =>
  data.transaction(async (tx) => Number((await tx.all("SELECT COUNT(*) AS n FROM appeals"))[0]?.n));

contractSuite(import.meta.filename, (store) => {
  let ids = new Map<string, string>();
  const id = (key: string) => ids.get(key) ?? assert.fail(`no appeal ${key}`);
  const dueKeys = async (ruleSet: ArchiveRules = rules) => {
    const due = await store.data.archive.due(ruleSet, closedBeforeOn(today()), null);
    return due.map((row) => [...ids].find(([, value]) => value === row.appealId)?.[0]);
  };
  /** An act's lines for the due cases, as the service writes them. */
  const lines = async (): Promise<NewActCase[]> =>
    (await store.data.archive.due(rules, closedBeforeOn(today()), null))
      .filter((row) => row.draftAct === null)
      .map((row) => ({
        appealId: row.appealId,
        registrationNumber: row.number,
        receivedOn: kirovIsoDate(new Date(row.createdAt)),
        closedOn: row.closedOn,
        topic: topicLabel(row.topic),
        term: storageTermLabels["five-years-epk"],
        article: storageTermArticles["five-years-epk"],
        caseIndex: rules.caseIndex["five-years-epk"],
      }));
  const makeAct = async (closedYear: number | null = null) => {
    const cases = await lines();
    return store.data.transaction(async (tx) => {
      await store.data.archive.lockActs(tx);
      return store.data.archive.createAct(
        { year: Number(today().slice(0, 4)), madeOn: today(), closedYear, by: "head", at: clock },
        cases,
        tx,
      );
    });
  };

  test("due: closed «5 лет ЭПК» cases past 31 December of the fifth year after closing", async () => {
    ids = await seedAppeals(store.data);
    setToday("2030-12-31");
    assert.deepEqual(await dueKeys(), ["chosenTemporary", "forwarded"], "2025's term ends today");
    setToday("2031-01-01");
    assert.deepEqual(await dueKeys(), ["chosenTemporary", "forwarded", "leftWithout", "lastDay"]);
    setToday("2031-12-31");
    assert.deepEqual(await dueKeys(), ["chosenTemporary", "forwarded", "leftWithout", "lastDay"]);
    setToday("2032-01-01");
    assert.deepEqual(
      await dueKeys(),
      ["chosenTemporary", "forwarded", "leftWithout", "lastDay", "firstDay"],
      "a case closed on 1 January 2026 is due a year after one closed the day before",
    );
    assert.deepEqual(
      await dueKeys(defaultArchiveRules),
      ["proposal", "chosenTemporary", "forwarded", "leftWithout", "lastDay", "firstDay"],
      "a topic not configured permanent is kept five years",
    );
    // The store and the domain's rules agree on every case, on every day tried.
    for (const day of ["2030-12-31", "2031-01-01", "2032-01-01", "2090-01-01"]) {
      setToday(day);
      const due = new Set(await dueKeys());
      for (const seed of seeds) {
        const term = storageTermOf(
          { storage_term: seed.storageTerm ?? null, topic: seed.topic ?? null },
          rules,
        );
        const ended = seed.state !== "registered" && termHasEnded(term, seed.closedOn, day);
        assert.equal(due.has(seed.key), ended, `${seed.key} on ${day}`);
      }
    }
    assert.deepEqual(await store.data.archive.closedYears(), [2020, 2021, 2024, 2025, 2026]);
    setToday("2031-06-01");
    const of2025 = await store.data.archive.due(rules, closedBeforeOn(today()), 2025);
    assert.deepEqual(
      of2025.map((row) => row.appealId),
      [id("leftWithout"), id("lastDay")],
    );
  });

  test("an act: made, a case taken off, approved: only the listed cases go, with all of theirs", async () => {
    setToday("2031-06-01");
    for (const key of ["lastDay", "forwarded", "leftWithout", "open"]) {
      await furnish(store.data, id(key), clock);
    }
    const appealsBefore = await appealCount(store.data);
    const figuresBefore = await statisticsCounts(store.data);
    const actId = await makeAct();
    assert.equal(await appealCount(store.data), appealsBefore, "making an act destroys nothing");

    const act = await store.data.archive.find(actId);
    assert.equal(act?.number, "1/2031");
    assert.equal(act?.state, "draft");
    assert.equal(act?.listed, 4);
    assert.deepEqual(
      act?.cases.map((line) => line.appealId),
      [id("chosenTemporary"), id("forwarded"), id("leftWithout"), id("lastDay")],
    );
    const first = act?.cases[0];
    assert.equal(first?.topic, topicLabel("corruption-report"));
    assert.equal(first?.term, "5 лет ЭПК");
    assert.equal(first?.closedOn, "2021-02-03");
    assert.equal(first?.receivedOn, "2021-01-02");
    assert.equal(first?.caseIndex, "01-12");
    assert.equal(await store.data.archive.actListing(id("lastDay")), "1/2031");
    assert.deepEqual(
      (await store.data.archive.due(rules, closedBeforeOn(today()), null)).map((r) => r.draftAct),
      ["1/2031", "1/2031", "1/2031", "1/2031"],
    );
    assert.deepEqual(await lines(), [], "a case on a draft goes on no other act");

    const leftWithout = act?.cases.find((line) => line.appealId === id("leftWithout"));
    const removal = { reason: "ЭК: хранить ещё год", by: "head", at: clock };
    assert.equal(
      await store.data.transaction((tx) =>
        store.data.archive.removeCase(actId, leftWithout?.position ?? 0, removal, 1, tx),
      ),
      false,
      "a form made from another version is refused",
    );
    assert.equal(
      await store.data.transaction((tx) =>
        store.data.archive.removeCase(actId, leftWithout?.position ?? 0, removal, 0, tx),
      ),
      true,
    );
    const edited = await store.data.archive.find(actId);
    assert.equal(edited?.version, 1);
    assert.equal(edited?.listed, 3);
    assert.deepEqual(
      edited?.cases.find((line) => line.position === leftWithout?.position)?.removed,
      {
        reason: "ЭК: хранить ещё год",
        by: "head",
        at: clock.toISOString(),
      },
    );
    assert.equal(await store.data.archive.actListing(id("leftWithout")), null);
    assert.equal(
      await appealCount(store.data),
      appealsBefore,
      "taking a case off destroys nothing",
    );

    const approval = {
      protocolNumber: "7",
      protocolDate: "2031-05-30",
      by: "head",
      at: clock,
    };
    assert.equal(
      await store.data.transaction((tx) => store.data.archive.approve(actId, approval, 0, tx)),
      undefined,
      "approval at an older version is refused",
    );
    assert.equal(await appealCount(store.data), appealsBefore);
    const stale = await store.data.transaction((tx) =>
      store.data.archive.notDue(actId, rules, closedBeforeOn(today()), tx),
    );
    assert.deepEqual(stale, []);
    const done = await store.data.transaction((tx) =>
      store.data.archive.approve(actId, approval, 1, tx),
    );
    assert.deepEqual(done, { destroyed: 3 });

    assert.equal(await appealCount(store.data), appealsBefore - 3);
    for (const key of ["chosenTemporary", "forwarded", "lastDay"]) {
      assert.equal(await store.data.appeals.findInRegistry(id(key)), undefined, key);
      const left = await traces(store.data, id(key));
      assert.deepEqual(
        Object.entries(left).filter(([, count]) => count > 0),
        [],
        `nothing of ${key} is left`,
      );
    }
    const kept = await traces(store.data, id("leftWithout"));
    for (const table of ["attachments", "deliveries", "appeal_notes", "staff_audit"]) {
      assert.ok((kept[table] ?? 0) > 0, `the case taken off keeps its ${table}`);
    }
    assert.ok(await store.data.appeals.findInRegistry(id("open")));
    assert.ok(await store.data.appeals.findInRegistry(id("corruption")));
    assert.deepEqual(
      await statisticsCounts(store.data),
      figuresBefore,
      "the statistics of the periods the cases were received in stay as they were",
    );

    const approved = await store.data.archive.find(actId);
    assert.equal(approved?.state, "approved");
    assert.deepEqual(approved?.approved, {
      by: "head",
      at: clock.toISOString(),
      protocolNumber: "7",
      protocolDate: "2031-05-30",
      destroyed: 3,
    });
    assert.equal(approved?.cases.length, 4, "the act's list stays whole");
    assert.deepEqual(
      approved?.cases.map((line) => line.appealId),
      [null, null, id("leftWithout"), null],
    );
    const archived = await archiveTablesText(store.data);
    for (const [index] of seeds.entries()) {
      for (const value of Object.values(person(index))) {
        assert.ok(!archived.includes(value), `no ${value} in the archive's tables`);
      }
    }
    assert.ok(!archived.includes("ivan@example.ru"));
    const [summary] = await store.data.archive.acts();
    assert.deepEqual(
      [summary?.id, summary?.number, summary?.state, summary?.listed],
      [actId, "1/2031", "approved", 3],
    );
  });

  test("annul: a draft only, at its version; its cases may go on the next act", async () => {
    setToday("2031-06-02");
    const appealsBefore = await appealCount(store.data);
    const actId = await makeAct(2025);
    const act = await store.data.archive.find(actId);
    assert.equal(act?.number, "2/2031", "numbered on within the year");
    assert.equal(act?.closedYear, 2025);
    assert.deepEqual(
      act?.cases.map((line) => line.appealId),
      [id("leftWithout")],
    );
    const annulment = { reason: "составлен по ошибке", by: "head", at: clock };
    assert.equal(
      await store.data.transaction((tx) => store.data.archive.annul(actId, annulment, 3, tx)),
      false,
    );
    assert.equal(
      await store.data.transaction((tx) => store.data.archive.annul(actId, annulment, 0, tx)),
      true,
    );
    const annulled = await store.data.archive.find(actId);
    assert.equal(annulled?.state, "annulled");
    assert.deepEqual(annulled?.annulled, {
      by: "head",
      at: clock.toISOString(),
      reason: "составлен по ошибке",
    });
    assert.equal(
      await store.data.transaction((tx) => store.data.archive.annul(actId, annulment, 1, tx)),
      false,
      "an annulled act stays annulled",
    );
    const approval = { protocolNumber: "8", protocolDate: "2031-06-01", by: "head", at: clock };
    assert.equal(
      await store.data.transaction((tx) => store.data.archive.approve(actId, approval, 1, tx)),
      undefined,
      "an annulled act is never approved",
    );
    assert.equal(await appealCount(store.data), appealsBefore, "annulling destroys nothing");
    assert.equal(await store.data.archive.actListing(id("leftWithout")), null);
    assert.deepEqual(
      (await store.data.archive.due(rules, closedBeforeOn(today()), null)).map((r) => r.draftAct),
      [null],
    );
  });

  test("a listed case reopened or kept permanently since is named by the approval's check", async () => {
    setToday("2032-02-01");
    const actId = await makeAct();
    const act = await store.data.archive.find(actId);
    assert.equal(act?.number, "1/2032", "a new year's first act");
    assert.deepEqual(
      act?.cases.map((line) => line.appealId),
      [id("leftWithout"), id("firstDay")],
    );
    await store.data.transaction((tx) =>
      store.data.archive.setStorageTerm(id("firstDay"), "permanent", tx),
    );
    assert.equal(
      (await store.data.appeals.findInRegistry(id("firstDay")))?.storage_term,
      "permanent",
    );
    await store.data.transaction((tx) =>
      tx.run("UPDATE appeals SET state = 'in_progress', closed_on = NULL WHERE id = ?", [
        id("leftWithout"),
      ]),
    );
    const stale = await store.data.transaction((tx) =>
      store.data.archive.notDue(actId, rules, closedBeforeOn(today()), tx),
    );
    assert.deepEqual(
      stale,
      act?.cases.map((line) => line.registrationNumber),
    );
    assert.equal(
      await store.data.transaction((tx) =>
        store.data.archive.setStorageTerm("00000000-0000-7000-8000-000000000000", "permanent", tx),
      ),
      false,
    );
  });
});
