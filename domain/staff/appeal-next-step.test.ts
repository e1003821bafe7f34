import assert from "node:assert/strict";
import { test } from "node:test";
import { type AppealAction, allowedActions, appealActions } from "../appeals/appeal-states.ts";
import { mailsCitizen, type NextStepFacts, nextStep } from "./appeal-next-step.ts";

const facts = (actions: readonly AppealAction[], more: Partial<NextStepFacts> = {}) => ({
  actions,
  decidesAnswer: false,
  decidesNotice: false,
  answerFailed: false,
  mayWriteAnswer: actions.includes("answer"),
  ...more,
});

const appeal = (state: Parameters<typeof allowedActions>[0]["state"]) =>
  allowedActions({
    state,
    extension_days: 0,
    without_answer_ground: null,
    notice_sent_on: null,
  });

test("one step per state: register a new appeal, take up a registered one, answer one in progress", () => {
  assert.equal(nextStep(facts(appeal("new"))), "register");
  assert.equal(nextStep(facts(appeal("registered"))), "start");
  assert.equal(nextStep(facts(appeal("in_progress"))), "write-answer");
  assert.equal(nextStep(facts(appeal("answered"))), undefined, "nothing left to do");
  assert.equal(nextStep(facts(appeal("forwarded"))), undefined);
});

test("a notice due is recorded first; a head's decision and a failed mail come before anything", () => {
  const leftWithNotice = allowedActions({
    state: "without_answer",
    extension_days: 0,
    without_answer_ground: "abusive",
    notice_sent_on: null,
  });
  assert.ok(leftWithNotice.includes("notice-sent"), "the ground needs a notice");
  assert.equal(nextStep(facts(leftWithNotice)), "notice-sent");
  const inProgress = appeal("in_progress");
  assert.equal(nextStep(facts(inProgress, { decidesAnswer: true })), "decide-answer");
  assert.equal(nextStep(facts(inProgress, { decidesNotice: true })), "decide-notice");
  assert.equal(nextStep(facts([], { answerFailed: true })), "retry-answer");
  assert.equal(
    nextStep(facts(inProgress, { decidesAnswer: true, answerFailed: true })),
    "decide-answer",
  );
});

test("a viewer whose role allows nothing gets no step", () => {
  assert.equal(nextStep(facts([])), undefined);
});

test("forwarding, extending and leaving without an answer mail the citizen; nothing else does", () => {
  const mailing = appealActions.filter(mailsCitizen);
  assert.deepEqual(mailing, ["forward", "leave-without-answer", "extend"]);
});
