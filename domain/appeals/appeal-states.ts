/**
 * The life of an appeal in the staff registry, as data: its states, what staff may do in each,
 * and the legal grounds to leave an appeal without an answer (59-ФЗ, article 11). The server
 * checks every change against `allowedActions`; the pages show only the actions it allows.
 *
 *   new ─register→ registered ─start→ in_progress ─answer→ answered (an answer sent from the
 *                  registry, with its mail: server/staff/answers/answer-service.ts)
 *                  registered | in_progress ─forward→ forwarded (to another body)
 *                  registered | in_progress ─leave-without-answer→ without_answer (a ground)
 *                  registered | in_progress ─extend→ the same state, answer term longer (once)
 *                  without_answer ─notice-sent→ the same state, the author told
 */
export const appealStates = [
  "new",
  "registered",
  "in_progress",
  "answered",
  "forwarded",
  "without_answer",
] as const;

export type AppealState = (typeof appealStates)[number];

export const appealStateLabels: Record<AppealState, string> = {
  new: "Новое",
  registered: "Зарегистрировано",
  in_progress: "На рассмотрении",
  answered: "Дан ответ",
  forwarded: "Перенаправлено",
  without_answer: "Оставлено без ответа",
};

/** States in which the appeal still waits for staff (a deadline runs). */
export const openAppealStates: readonly AppealState[] = [
  "new",
  "registered",
  "in_progress",
  "without_answer",
];

export function isAppealState(value: string): value is AppealState {
  return (appealStates as readonly string[]).includes(value);
}

/**
 * The legal grounds to leave an appeal without an answer on the merits. `noticeRequired`: the
 * author is told within 7 days of registration (not possible when there is no address).
 */
export const withoutAnswerGrounds = [
  {
    code: "meaning_unclear",
    label: "Невозможно определить суть обращения",
    noticeRequired: true,
  },
  {
    code: "no_name_or_address",
    label: "Не указаны фамилия гражданина или адрес для ответа",
    noticeRequired: false,
  },
  {
    code: "abusive",
    label: "Нецензурные либо оскорбительные выражения, угрозы жизни, здоровью и имуществу",
    noticeRequired: true,
  },
  {
    code: "repeated",
    label: "Повторный вопрос, на который ранее неоднократно давались ответы по существу",
    noticeRequired: true,
  },
  {
    code: "unreadable",
    label: "Текст обращения не поддаётся прочтению",
    noticeRequired: true,
  },
] as const;

export type WithoutAnswerGround = (typeof withoutAnswerGrounds)[number]["code"];

export const withoutAnswerGroundCodes = withoutAnswerGrounds.map((ground) => ground.code) as [
  WithoutAnswerGround,
  ...WithoutAnswerGround[],
];

export function groundLabel(code: string): string {
  return withoutAnswerGrounds.find((ground) => ground.code === code)?.label ?? code;
}

/**
 * Grounds after which the author must be told (the notice term runs). The registry's SQL filter
 * (server/db/registry-sql.ts) builds its "a notice is due" condition from this list.
 */
export const noticeGroundCodes: readonly WithoutAnswerGround[] = withoutAnswerGrounds
  .filter((ground) => ground.noticeRequired)
  .map((ground) => ground.code);

/** What decides whether the author of an appeal is still to be told (see `awaitsNotice`). */
export type NoticeFacts = {
  state: AppealState;
  without_answer_ground: string | null;
  notice_sent_on: string | null;
};

/**
 * A notice is due: the appeal was left without an answer on a ground that needs one
 * (`noticeGroundCodes`), and the notice is not marked as sent. The one statement of the rule: the
 * actions allowed (here), the terms that run (running-terms.ts) and, through `noticeGroundCodes`,
 * the registry's SQL filter all follow it.
 */
export function awaitsNotice(appeal: NoticeFacts): boolean {
  return (
    appeal.state === "without_answer" &&
    appeal.notice_sent_on === null &&
    (noticeGroundCodes as readonly string[]).includes(appeal.without_answer_ground ?? "")
  );
}

/** Every action on an appeal, in the order of its life. */
export const appealActions = [
  "register",
  "start",
  "answer",
  "forward",
  "leave-without-answer",
  "extend",
  "notice-sent",
] as const;

export type AppealAction = (typeof appealActions)[number];

export const appealActionLabels: Record<AppealAction, string> = {
  register: "Зарегистрировать",
  start: "Взять на рассмотрение",
  answer: "Отправить ответ",
  forward: "Перенаправить",
  "leave-without-answer": "Оставить без ответа",
  extend: "Продлить срок ответа",
  "notice-sent": "Отметить уведомление автора",
};

/** What the rules need to know of an appeal to decide which actions it allows. */
export type AppealStateFacts = {
  state: AppealState;
  extension_days: number;
  without_answer_ground: string | null;
  notice_sent_on: string | null;
};

/** The state each action leads to; `undefined` keeps the state. */
const actionTargets: Record<AppealAction, AppealState | undefined> = {
  register: "registered",
  start: "in_progress",
  answer: "answered",
  forward: "forwarded",
  "leave-without-answer": "without_answer",
  extend: undefined,
  "notice-sent": undefined,
};

export function targetState(action: AppealAction, from: AppealState): AppealState {
  return actionTargets[action] ?? from;
}

/** The actions staff may take on an appeal now, in the order the page offers them. */
export function allowedActions(appeal: AppealStateFacts): AppealAction[] {
  switch (appeal.state) {
    case "new":
      return ["register"];
    case "registered":
    case "in_progress": {
      const actions: AppealAction[] = appeal.state === "registered" ? ["start"] : [];
      actions.push("answer", "forward", "leave-without-answer");
      // The answer term may be extended once.
      if (appeal.extension_days === 0) actions.push("extend");
      return actions;
    }
    case "without_answer":
      return awaitsNotice(appeal) ? ["notice-sent"] : [];
    default:
      return [];
  }
}
