import assert from "node:assert/strict";
import { test } from "node:test";
import {
  allowedActions,
  appealStates,
  awaitsNotice,
  noticeGroundCodes,
  withoutAnswerGroundCodes,
} from "./appeal-states.ts";
import { describeDeadline, runningDeadlines } from "./running-terms.ts";

test("a term is written 'до' its last day, with its state's word in brackets when it has one", () => {
  const answer = { kind: "answer", due: "2026-11-24" } as const;
  assert.equal(describeDeadline({ ...answer, state: "ok" }, { withKind: false }), "до 24.11.2026");
  assert.equal(
    describeDeadline({ ...answer, state: "overdue" }, { withKind: false }),
    "до 24.11.2026 (просрочен)",
  );
  assert.equal(
    describeDeadline({ ...answer, state: "overdue" }, { withKind: true }),
    "Ответ: до 24.11.2026 (просрочен)",
  );
  assert.equal(
    describeDeadline(
      { kind: "registration", due: "2026-11-16", state: "last-third" },
      { withKind: true },
    ),
    "Регистрация: до 16.11.2026 (истекает)",
  );
  assert.equal(
    describeDeadline({ ...answer, state: "last-day" }, { withKind: false }),
    "до 24.11.2026 (последний день)",
  );
  assert.equal(
    describeDeadline({ kind: "notice", due: "2026-11-16", state: "ok" }, { withKind: true }),
    "Уведомление автора: до 16.11.2026",
  );
});

test("the notice term runs exactly when a notice is due, and only then can it be marked sent", () => {
  for (const state of appealStates) {
    for (const ground of [null, ...withoutAnswerGroundCodes]) {
      for (const sentOn of [null, "2026-11-20"]) {
        const appeal = {
          state,
          created_at: "2026-11-02T09:00:00.000Z",
          registered_on: state === "new" ? null : "2026-11-03",
          extension_days: 0,
          without_answer_ground: ground,
          notice_sent_on: sentOn,
        };
        const due = awaitsNotice(appeal);
        const where = `${state}, ${ground}, sent ${sentOn}`;
        assert.equal(
          due,
          state === "without_answer" &&
            sentOn === null &&
            (noticeGroundCodes as readonly string[]).includes(ground ?? ""),
          where,
        );
        const terms = runningDeadlines(appeal, "2026-11-05").map((term) => term.kind);
        assert.equal(terms.includes("notice"), due, where);
        assert.equal(allowedActions(appeal).includes("notice-sent"), due, where);
      }
    }
  }
});

test("the appeal page and the list mark the answer term amber in its last third, red on its last day", () => {
  const appeal = {
    state: "in_progress" as const,
    created_at: "2026-11-02T08:00:00Z",
    registered_on: "2026-11-02",
    extension_days: 0,
    without_answer_ground: null,
    notice_sent_on: null,
  };
  const answerOn = (today: string) =>
    runningDeadlines(appeal, today).find((deadline) => deadline.kind === "answer");
  assert.equal(answerOn("2026-11-10")?.state, "ok");
  assert.equal(answerOn("2026-11-19")?.state, "ok");
  assert.equal(answerOn("2026-11-20")?.state, "last-third");
  assert.equal(
    describeDeadline(answerOn("2026-11-28") ?? { kind: "answer", due: "", state: "ok" }, {
      withKind: true,
    }),
    "Ответ: до 02.12.2026 (истекает)",
  );
  assert.equal(answerOn("2026-12-02")?.state, "last-day");
  assert.equal(answerOn("2026-12-03")?.state, "overdue");
});
