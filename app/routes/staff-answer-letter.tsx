import { data } from "react-router";
import { requireStaff } from "../../domain/pages/page-context.ts";
import { NotFoundForRole } from "../features/site/site-display.tsx";
import letterStyles from "../features/staff/answer-letter.css?inline";
import { AnswerLetter } from "../features/staff/answer-letter.tsx";
import staffPrintStyles from "../features/staff/staff-print.css?inline";
import type { RouteHandle } from "../route-handle.ts";
import type { Route } from "./+types/staff-answer-letter.ts";

/**
 * «Отправить по почте» (issue 46): the sent answer as a letter to print on A4 and post, when its
 * mail did not arrive. The day it went is then recorded on the appeal's page («Отметить отправку
 * почтой»), as for any answer sent by post. Whoever may see the appeal may print it; an appeal
 * without a sent answer gets 404.
 */
export const handle: RouteHandle = { styles: [staffPrintStyles, letterStyles] };

export const meta = () => [
  { title: "Ответ письмом — Реестр обращений граждан" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { staff, viewer } = requireStaff(context);
  const found = await staff.getAppeal(viewer, params.id);
  const answer = found?.answer;
  if (!found || !answer || answer.state !== "sent") {
    return data({ appeal: undefined, answer: undefined }, { status: 404 });
  }
  return { appeal: found.appeal, answer };
}

export default function StaffAnswerLetterPage({ loaderData }: Route.ComponentProps) {
  const { appeal, answer } = loaderData;
  if (!appeal || !answer) return <NotFoundForRole />;
  return (
    <>
      <p className="staff-no-print">
        <a href={`/staff/appeals/${appeal.id}`}>Обращение {appeal.number}</a> › Ответ письмом
      </p>
      <p className="staff-no-print staff-hint">
        Печать: команда браузера «Печать» (Ctrl+P) — письмо печатается на листе A4 без меню.{" "}
        {answer.byPost
          ? "Почтовый адрес — тот, что отмечен при отправке почтой."
          : "Почтовый адрес не отмечен: впишите его от руки, а после отправки отметьте её на странице обращения."}
      </p>
      <AnswerLetter appeal={appeal} answer={answer} />
      <p className="staff-no-print">
        <a href={`/staff/appeals/${appeal.id}#answer`}>
          Вернуться к обращению и отметить отправку почтой
        </a>
      </p>
    </>
  );
}
