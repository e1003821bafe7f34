// The archive's service on both stores, the clock injected (issue 45): the archive is a head's
// (a registrar, an executor, an editor, an administrator get nothing, as for a page that is not
// there); a storage term is changed by a head or a registrar with a reason, written in the
// appeal's history with the terms before and after, and shown on the appeal's page; acts refuse
// bad input with 4xx and Russian messages; an approval checks every listed case again in its
// transaction and refuses, naming them, when one is no longer due; the approval's audit line
// holds the act's number and count, no personal data.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { StorageTerm } from "../../../domain/archive/storage-terms.ts";
import type { StaffViewer } from "../../../domain/staff/staff-roles.ts";
import { storeAppealIn } from "../../../tests/support/staff-fixtures.ts";
import { type TestDatabase, testDatabaseKinds } from "../../../tests/support/test-databases.ts";
import { parseDatabaseUrl } from "../../config.ts";
import { type DataLayer, openDataLayer } from "../../db/data-layer.ts";
import { createRegistryService } from "../registry/registry-service.ts";
import { createArchiveService } from "./archive-service.ts";

const head: StaffViewer = { login: "anna", role: "head" };
const registrar: StaffViewer = { login: "rita", role: "registrar" };
const executor: StaffViewer = { login: "egor", role: "executor" };
const editor: StaffViewer = { login: "eva", role: "editor" };
const admin: StaffViewer = { login: "adam", role: "admin" };

/** The injected clock; each store's run starts on the same day. */
let clock = new Date();

for (const kind of testDatabaseKinds) {
  describe(`the archive's service on ${kind.name}`, () => {
    let database: TestDatabase;
    let data: DataLayer;
    before(async () => {
      clock = new Date("2031-03-02T09:00:00Z");
      database = await kind.create();
      data = await openDataLayer(parseDatabaseUrl(database.url));
    });
    after(async () => {
      await data?.close();
      await database?.drop();
    });
    const archive = () => createArchiveService({ data, now: () => clock });
    const registry = () => createRegistryService({ data, now: () => clock });
    /** A case closed on `closedOn`, assigned to the executor, its author named. */
    const closedCase = (closedOn: string, lastName: string) =>
      storeAppealIn(
        data,
        new Date(`${closedOn.slice(0, 4)}-01-10T08:00:00Z`),
        {
          state: "answered",
          registered_on: `${closedOn.slice(0, 4)}-01-10`,
          answered_on: closedOn,
          closed_on: closedOn,
          assignee: executor.login,
        },
        { last_name: lastName, email: `${lastName.toLowerCase()}@example.ru` },
      );

    test("nothing due: the archive is a head's, and an act is refused with why", async () => {
      for (const viewer of [registrar, executor, editor, admin]) {
        assert.equal(await archive().overview(viewer), undefined, viewer.role);
        assert.equal(await archive().act(viewer, 1), undefined, viewer.role);
        const made = await archive().makeAct(viewer, null);
        assert.deepEqual([made.ok, !made.ok && made.status], [false, 404], viewer.role);
      }
      const overview = await archive().overview(head);
      assert.deepEqual(overview, { today: "2031-03-02", due: [], acts: [], closedYears: [] });
      const made = await archive().makeAct(head, null);
      assert.equal(made.ok, false);
      assert.equal(!made.ok && made.status, 409);
      assert.match(!made.ok ? made.message : "", /Нет дел с истёкшим сроком хранения/);
      assert.equal(await archive().act(head, 99), undefined);
      assert.equal(await archive().act(head, Number.NaN), undefined);
    });

    test("a storage term: a head's or a registrar's, with a reason, in the history and on the page", async () => {
      const { id } = await closedCase("2024-06-10", "Сроков");
      const set = (viewer: StaffViewer, reason = "предложение по работе организации") =>
        archive().setStorageTerm(viewer, id, "permanent", reason);
      assert.deepEqual(await set(executor), {
        ok: false,
        status: 403,
        message: "Это действие недоступно для вашей роли.",
      });
      for (const viewer of [editor, admin]) {
        assert.deepEqual(await set(viewer), {
          ok: false,
          status: 404,
          message: "Обращение не найдено.",
        });
      }
      assert.deepEqual(await archive().setStorageTerm(registrar, "not-an-id", "permanent", "x"), {
        ok: false,
        status: 404,
        message: "Обращение не найдено.",
      });
      assert.deepEqual(
        await archive().setStorageTerm(registrar, id, "toString" as StorageTerm, "причина"),
        { ok: false, status: 400, message: "Неизвестный срок хранения." },
      );
      assert.deepEqual(await set(registrar, "  "), {
        ok: false,
        status: 400,
        message: "Укажите причину изменения срока хранения.",
      });
      const before = await registry().getAppeal(registrar, id);
      assert.deepEqual(before?.storage, {
        term: "five-years-epk",
        label: "5 лет ЭПК",
        byDefault: true,
        caseIndex: "01-12",
        article: "ст. 154 «б»",
        closedOn: "2024-06-10",
        termEnd: "2029-12-31",
        onAct: null,
      });
      assert.deepEqual(await set(registrar), { ok: true });
      const after = await registry().getAppeal(head, id);
      assert.equal(after?.appeal.version, (before?.appeal.version ?? 0) + 1);
      assert.deepEqual(after?.storage, {
        term: "permanent",
        label: "постоянно",
        byDefault: false,
        caseIndex: "01-11",
        article: "ст. 154 «а»",
        closedOn: "2024-06-10",
        termEnd: null,
        onAct: null,
      });
      const line = after?.audit.at(-1);
      assert.deepEqual(
        [line?.staff_login, line?.action, line?.details],
        [
          "rita",
          "set-storage-term",
          "срок хранения: 5 лет ЭПК (по теме) → постоянно; причина: предложение по работе организации",
        ],
      );
      assert.equal(line?.at, clock.toISOString());
      assert.deepEqual(await archive().setStorageTerm(head, id, "five-years-epk", "ЭК: 5 лет"), {
        ok: true,
      });
      assert.equal(
        (await data.audit.of(id)).at(-1)?.details,
        "срок хранения: постоянно → 5 лет ЭПК; причина: ЭК: 5 лет",
      );
    });

    test("an act: made by a head, edited with reasons, approved only while every case is due", async () => {
      const late = await closedCase("2025-02-01", "Поздняков");
      const early = await closedCase("2025-01-15", "Ранний");
      clock = new Date("2030-12-31T12:00:00Z");
      assert.deepEqual(
        (await archive().overview(head))?.due.map((year) => year.closedYear),
        [2024],
      );
      clock = new Date("2031-01-01T12:00:00Z");
      const overview = await archive().overview(head);
      assert.deepEqual(
        overview?.due.map((year) => [year.closedYear, year.termEnd, year.cases.length]),
        [
          [2024, "2029-12-31", 1],
          [2025, "2030-12-31", 2],
        ],
      );
      assert.deepEqual(overview?.closedYears, [2024, 2025]);
      const made = await archive().makeAct(head, 2025);
      assert.ok(made.ok);
      const actId = made.actId;
      const act = await archive().act(head, actId);
      assert.equal(act?.number, "1/2031");
      assert.deepEqual(
        act?.cases.map((line) => line.registrationNumber),
        [early.number, late.number],
      );
      assert.equal((await registry().getAppeal(head, late.id))?.storage.onAct, "1/2031");
      const again = await archive().makeAct(head, 2025);
      assert.deepEqual([again.ok, !again.ok && again.status], [false, 409]);

      for (const viewer of [registrar, executor, editor]) {
        const refusals = [
          await archive().removeCase(viewer, actId, 1, "причина", 0),
          await archive().annulAct(viewer, actId, "причина", 0),
          await archive().approveAct(viewer, actId, { number: "1", date: "2031-01-01" }, 0),
        ];
        assert.deepEqual(
          refusals.map((result) => !result.ok && result.status),
          [404, 404, 404],
          viewer.role,
        );
      }
      assert.deepEqual(await archive().removeCase(head, actId, 1, "", 0), {
        ok: false,
        status: 400,
        message: "Укажите причину, по которой дело исключается из акта.",
      });
      assert.deepEqual(await archive().removeCase(head, actId, 9, "ЭК", 0), {
        ok: false,
        status: 404,
        message: "В акте нет такого дела.",
      });
      const approve = (protocol: { number: string; date: string }, version: number) =>
        archive().approveAct(head, actId, protocol, version);
      assert.deepEqual(await approve({ number: " ", date: "2031-01-01" }, 0), {
        ok: false,
        status: 400,
        message: "Укажите номер протокола экспертной комиссии.",
      });
      for (const date of ["", "01.01.2031", "2030-02-30"]) {
        const refused = await approve({ number: "3", date }, 0);
        assert.deepEqual([refused.ok, !refused.ok && refused.status], [false, 400], date);
      }
      assert.deepEqual(await approve({ number: "3", date: "2031-01-02" }, 0), {
        ok: false,
        status: 400,
        message: "Дата протокола не может быть позже сегодняшнего дня.",
      });
      assert.deepEqual(await approve({ number: "3", date: "2030-12-30" }, 5), {
        ok: false,
        status: 409,
        message: "Акт изменился, пока страница была открыта. Обновите её.",
      });

      // A registrar keeps one of the listed cases permanently meanwhile: the approval names it.
      assert.deepEqual(
        await archive().setStorageTerm(registrar, late.id, "permanent", "ценное предложение"),
        { ok: true },
      );
      const stale = await approve({ number: "3", date: "2030-12-30" }, 0);
      assert.equal(!stale.ok && stale.status, 409);
      assert.match(!stale.ok ? stale.message : "", new RegExp(`дело ${late.number} уже нельзя`));
      assert.ok(await data.appeals.findInRegistry(early.id), "nothing destroyed");
      assert.ok(await data.appeals.findInRegistry(late.id));

      assert.deepEqual(await archive().removeCase(head, actId, 2, "ЭК: хранить постоянно", 0), {
        ok: true,
      });
      assert.deepEqual(await archive().removeCase(head, actId, 2, "ещё раз", 1), {
        ok: false,
        status: 409,
        message: "Дело уже исключено из акта.",
      });
      assert.deepEqual(await approve({ number: "3", date: "2030-12-30" }, 1), { ok: true });
      assert.equal(await data.appeals.findInRegistry(early.id), undefined, "destroyed");
      assert.ok(await data.appeals.findInRegistry(late.id), "taken off, kept");
      const approved = await archive().act(head, actId);
      assert.equal(approved?.state, "approved");
      assert.deepEqual(approved?.approved, {
        by: "anna",
        at: clock.toISOString(),
        protocolNumber: "3",
        protocolDate: "2030-12-30",
        destroyed: 1,
      });
      assert.deepEqual(await archive().annulAct(head, actId, "поздно", 2), {
        ok: false,
        status: 409,
        message: "Акт уже не проект: изменить его нельзя.",
      });
      const [event] = await data.audit.recent(1);
      assert.equal(event?.action, "archive-act-approved");
      assert.equal(event?.staff_login, "anna");
      assert.match(event?.details ?? "", /акт № 1\/2031 .*уничтожено дел: 1$/);
      assert.doesNotMatch(event?.details ?? "", /Ранний|ранний@|Поздняков/);
    });

    test("a draft annulled with a reason; its case may go on the next act", async () => {
      clock = new Date("2031-02-01T12:00:00Z");
      const made = await archive().makeAct(head, null);
      assert.ok(made.ok);
      assert.deepEqual(await archive().annulAct(head, made.actId, " ", 0), {
        ok: false,
        status: 400,
        message: "Укажите причину аннулирования акта.",
      });
      assert.deepEqual(await archive().annulAct(head, made.actId, "ошибка в составе", 0), {
        ok: true,
      });
      const annulled = await archive().act(head, made.actId);
      assert.deepEqual(annulled?.annulled, {
        by: "anna",
        at: clock.toISOString(),
        reason: "ошибка в составе",
      });
      const next = await archive().makeAct(head, null);
      assert.ok(next.ok);
      assert.equal((await archive().act(head, next.actId))?.number, "3/2031");
      const summaries = (await archive().overview(head))?.acts;
      assert.deepEqual(
        summaries?.map((act) => [act.number, act.state]),
        [
          ["3/2031", "draft"],
          ["2/2031", "annulled"],
          ["1/2031", "approved"],
        ],
      );
    });
  });
}
