import assert from "node:assert/strict";
import { test } from "node:test";
import {
  type AppealStateFacts,
  allowedActions,
  appealStateLabels,
  appealStates,
  noticeGroundCodes,
  targetState,
  withoutAnswerGrounds,
} from "./appeal-states.ts";

const facts = (overrides: Partial<AppealStateFacts>): AppealStateFacts => ({
  state: "new",
  extension_days: 0,
  without_answer_ground: null,
  notice_sent_on: null,
  ...overrides,
});

test("a new appeal can only be registered", () => {
  assert.deepEqual(allowedActions(facts({})), ["register"]);
  assert.equal(targetState("register", "new"), "registered");
});

test("a registered appeal is taken up, answered, forwarded, left without answer or extended", () => {
  assert.deepEqual(allowedActions(facts({ state: "registered" })), [
    "start",
    "answer",
    "forward",
    "leave-without-answer",
    "extend",
  ]);
  assert.deepEqual(allowedActions(facts({ state: "in_progress" })), [
    "answer",
    "forward",
    "leave-without-answer",
    "extend",
  ]);
});

test("the answer term is extended once only", () => {
  const actions = allowedActions(facts({ state: "in_progress", extension_days: 30 }));
  assert.ok(!actions.includes("extend"));
  assert.equal(targetState("extend", "in_progress"), "in_progress");
});

test("answered and forwarded appeals are closed", () => {
  assert.deepEqual(allowedActions(facts({ state: "answered" })), []);
  assert.deepEqual(allowedActions(facts({ state: "forwarded" })), []);
});

test("left without answer: the notice is marked once, and never for an appeal with no address", () => {
  const unclear = facts({ state: "without_answer", without_answer_ground: "meaning_unclear" });
  assert.deepEqual(allowedActions(unclear), ["notice-sent"]);
  assert.deepEqual(allowedActions({ ...unclear, notice_sent_on: "2026-11-20" }), []);
  const noAddress = facts({ state: "without_answer", without_answer_ground: "no_name_or_address" });
  assert.deepEqual(allowedActions(noAddress), []);
  assert.ok(!noticeGroundCodes.includes("no_name_or_address"));
});

test("every state and ground has a Russian label", () => {
  for (const state of appealStates) assert.match(appealStateLabels[state], /^[А-ЯЁ][а-яё ]+$/);
  assert.equal(withoutAnswerGrounds.length, 5);
  for (const ground of withoutAnswerGrounds) assert.match(ground.label, /^[А-ЯЁ]/);
});
