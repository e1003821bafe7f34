import { data } from "react-router";
import { personalDataPaths, personalDataPolicy } from "../../content/personal-data-policy.ts";
import { appealStateLabels } from "../../domain/appeals/appeal-states.ts";
import {
  type AppealStatusView,
  type StatusLookupResult,
  statusMessages,
} from "../../domain/appeals/appeal-status.ts";
import { formatRussianDate } from "../../domain/calendar/calendar-day.ts";
import { formOf, pageOf } from "../../domain/pages/page-context.ts";
import { formatKirovDateTime } from "../../domain/time/kirov-time.ts";
import appealFormStyles from "../features/appeals/components/appeal-form.css?inline";
import { TextField } from "../features/appeals/components/form-fields.tsx";
import type { RouteHandle } from "../route-handle.ts";
import type { Route } from "./+types/appeal-status.ts";

// Rendered by the server on each request, with no JavaScript: a form and its answer.
export const handle: RouteHandle = { styles: [appealFormStyles] };

export const meta = () => [
  { title: "Состояние обращения — Обращения граждан" },
  { name: "robots", content: "noindex, nofollow" },
];

/** The number from the acknowledgement's link (?number=…), to fill the form in. */
export function loader({ request }: Route.LoaderArgs) {
  const number = new URL(request.url).searchParams.get("number") ?? "";
  return { number: number.slice(0, 40) };
}

export async function action({ context }: Route.ActionArgs) {
  const form = formOf(context).fields;
  const typed = {
    number: String(form.get("number") ?? ""),
    email: String(form.get("email") ?? ""),
  };
  let result: StatusLookupResult;
  try {
    const { services, client } = pageOf(context);
    result = await services.statusLookup(typed, client.address);
  } catch (error) {
    // The error only: what was typed is personal data.
    console.error("status lookup failed", error instanceof Error ? error.message : error);
    result = { status: "failed" };
  }
  // Not finding an appeal is an answer to the question, not a missing page: 200, like finding one.
  const httpStatus = {
    found: 200,
    "not-found": 200,
    invalid: 400,
    "rate-limited": 429,
    failed: 503,
  }[result.status];
  return data({ result, typed }, { status: httpStatus });
}

export default function AppealStatusPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData?.result;
  const errors = result?.status === "invalid" ? result.errors : {};
  const problem =
    result?.status === "not-found"
      ? statusMessages.notFound
      : result?.status === "rate-limited"
        ? result.message
        : result?.status === "failed"
          ? statusMessages.failed
          : undefined;
  return (
    <div className="page">
      <h1>Состояние обращения</h1>
      <p>
        Укажите номер обращения из письма-подтверждения и адрес электронной почты, указанный в
        обращении. Текст обращения и другие данные на этой странице не показываются.
      </p>
      {result?.status === "found" ? <StatusView view={result.view} /> : null}
      {problem ? (
        <p className="form-status__message form-status__message--failure" role="alert">
          {problem}
        </p>
      ) : null}
      <form method="post" action="/appeals/status" className="appeal-form" noValidate>
        <div className="appeal-form__fields">
          <TextField
            name="number"
            label="Номер обращения"
            hint="Например, А-2026-000123"
            error={errors.number}
            defaultValue={actionData?.typed.number ?? loaderData.number}
            autoComplete="off"
            spellCheck={false}
            required
          />
          <TextField
            name="email"
            label="Адрес электронной почты"
            type="email"
            error={errors.email}
            defaultValue={actionData?.typed.email ?? ""}
            autoComplete="email"
            spellCheck={false}
            required
          />
        </div>
        <button type="submit" className="form-button">
          Узнать состояние
        </button>
      </form>
      <p>
        Как учреждение обрабатывает персональные данные:{" "}
        <a href={personalDataPaths.policy}>{personalDataPolicy.title}</a>.
      </p>
      <p>
        <a href="/appeals">Обращения граждан</a>
      </p>
    </div>
  );
}

function StatusView({ view }: { view: AppealStatusView }) {
  return (
    <section aria-labelledby="status-result-title" className="appeal-status" role="status">
      <h2 id="status-result-title">Обращение № {view.number}</h2>
      <dl>
        <dt>Состояние</dt>
        <dd data-testid="status-state">{appealStateLabels[view.state]}</dd>
        <dt>Поступило</dt>
        <dd>{formatKirovDateTime(new Date(view.receivedAt))} (по кировскому времени)</dd>
        <dt>Зарегистрировано</dt>
        <dd>
          {view.registeredOn ? formatRussianDate(view.registeredOn) : "ещё не зарегистрировано"}
        </dd>
        {view.answerDue && !view.answeredOn && !view.forwardedOn ? (
          <>
            <dt>Срок ответа</dt>
            <dd>не позднее {formatRussianDate(view.answerDue)}</dd>
          </>
        ) : null}
        {view.answeredOn ? (
          <>
            <dt>Ответ отправлен</dt>
            <dd>{formatRussianDate(view.answeredOn)}</dd>
          </>
        ) : null}
        {view.forwardedOn ? (
          <>
            <dt>Направлено по компетенции</dt>
            <dd>
              {view.forwardedTo}, {formatRussianDate(view.forwardedOn)}
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
