import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { appealStateLabels } from "../../domain/appeals/appeal-states.ts";
import {
  type AppealDeadline,
  describeDeadline,
  nextDeadline,
} from "../../domain/appeals/running-terms.ts";
import { termEndWords } from "../../domain/appeals/term-alerts.ts";
import { formatRussianDate } from "../../domain/calendar/calendar-day.ts";
import type { RegistryAppeal } from "../../domain/staff/registry-types.ts";
import type { AppealsRepository } from "../db/appeals-repository.ts";

export type DueAppeal = { appeal: RegistryAppeal; deadline: AppealDeadline };
export type ReminderMail = { subject: string; text: string; html: string };

/**
 * One appeal: its number, state and term, never the citizen's name or anything else of theirs
 * (decision 0020, as the assignment mail): a mailbox is not the registry, and the registry checks
 * who may read an appeal. Every term listed is overdue or due soon, so each line ends with its
 * state's word.
 */
function line({ appeal, deadline }: DueAppeal): string {
  return `${appeal.number}; ${appealStateLabels[appeal.state]}; ${describeDeadline(deadline, { withKind: true })}`;
}

/** The appeals whose term is past or in its last days on `day`, soonest term first. */
export async function dueAppealsOn(
  appeals: Pick<AppealsRepository, "eachInRegistry">,
  day: string,
): Promise<DueAppeal[]> {
  const due: DueAppeal[] = [];
  for (const filter of ["overdue", "due-soon"] as const) {
    for await (const appeal of appeals.eachInRegistry({ deadline: filter }, day)) {
      const deadline = nextDeadline(appeal, day);
      if (deadline) due.push({ appeal, deadline });
    }
  }
  return due.sort((a, b) => a.deadline.due.localeCompare(b.deadline.due));
}

/** The heads' line: how many appeals await their approval, and the list that shows them. */
export type AwaitingApproval = { count: number; link: string };

/**
 * The daily mail: the appeals whose term is past, then those in their term's last days, and in
 * the heads' mail how many await approval (a number and a link, nothing of the appeals), as
 * plain text and HTML (rendered by React, which escapes every value).
 */
export function composeReminderMail(
  day: string,
  due: DueAppeal[],
  awaiting?: AwaitingApproval,
): ReminderMail {
  const overdue = due.filter((item) => item.deadline.state === "overdue");
  const soon = due.filter((item) => item.deadline.state !== "overdue");
  const waiting = awaiting && awaiting.count > 0 ? awaiting : undefined;
  const subject = `Сроки обращений на ${formatRussianDate(day)}: просрочено ${overdue.length}, истекает (${termEndWords}) ${soon.length}${
    waiting ? `; ждут согласования ${waiting.count}` : ""
  }`;
  const waitingWords = waiting ? `Ждут вашего согласования: ${waiting.count}. Список:` : "";
  const section = (title: string, items: DueAppeal[]) =>
    items.length === 0 ? [] : [title, ...items.map((item) => `  ${line(item)}`), ""];
  const text = [
    subject,
    "",
    ...section("Просрочены:", overdue),
    ...section(`Истекают (${termEndWords}):`, soon),
    ...(waiting ? [`${waitingWords} ${waiting.link}`, ""] : []),
    "Подробности и действия — в реестре обращений на сайте, раздел /staff.",
  ].join("\n");
  const list = (title: string, items: DueAppeal[]) =>
    items.length === 0
      ? null
      : [
          h("h2", { key: `${title}-title` }, title),
          h(
            "ul",
            { key: `${title}-list` },
            items.map((item) => h("li", { key: item.appeal.id }, line(item))),
          ),
        ];
  const html = `<!doctype html>${renderToStaticMarkup(
    h(
      "html",
      { lang: "ru" },
      h("body", null, [
        h("h1", { key: "title" }, subject),
        list("Просрочены", overdue),
        list(`Истекают (${termEndWords})`, soon),
        waiting
          ? h("p", { key: "awaiting" }, [
              `${waitingWords} `,
              h("a", { key: "link", href: waiting.link }, waiting.link),
            ])
          : null,
        h(
          "p",
          { key: "where" },
          "Подробности и действия — в реестре обращений на сайте, раздел /staff.",
        ),
      ]),
    ),
  )}`;
  return { subject, text, html };
}
