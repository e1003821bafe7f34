import { data, redirect } from "react-router";
import { formatRussianDate } from "../../domain/calendar/calendar-day.ts";
import { formOf, pageOf, requireStaff } from "../../domain/pages/page-context.ts";
import type { ArchiveActView } from "../../domain/staff/archive-port.ts";
import { NoticeBanner } from "../components/staff/notice-banner/notice-banner.tsx";
import { SummaryList, SummaryRow } from "../components/staff/summary-list/summary-list.tsx";
import { NotFoundForRole } from "../features/site/site-display.tsx";
import archiveStyles from "../features/staff/archive.css?inline";
import { ArchiveActDocument } from "../features/staff/archive-act-document.tsx";
import { type ActFormRefusal, readActForm } from "../features/staff/archive-act-form-reading.tsx";
import {
  AnnulActForm,
  ApproveActForm,
  RemoveCaseForm,
} from "../features/staff/archive-act-forms.tsx";
import { ActStateTag, actPath, casesCount } from "../features/staff/archive-display.tsx";
import { Moment } from "../features/staff/staff-display.tsx";
import staffPrintStyles from "../features/staff/staff-print.css?inline";
import type { RouteHandle } from "../route-handle.ts";
import type { Route } from "./+types/staff-archive-act.ts";

/**
 * One act of destruction (issue 45): the printable act (A4, archive.css), and, while a draft, a
 * head's forms: take a case off, annul, approve with the commission's protocol (which destroys
 * the listed cases). A head's only: anyone else, or an act that is not there, gets 404.
 */
export const handle: RouteHandle = { styles: [staffPrintStyles, archiveStyles] };

export const meta = () => [
  { title: "Акт о выделении к уничтожению — Архив" },
  { name: "robots", content: "noindex, nofollow" },
];

/** What each finished action says (`?done=`). */
const outcomes: Record<string, string> = {
  "remove-case": "Дело снято с акта.",
  annul: "Проект акта аннулирован.",
  approve: "Акт утверждён, дела из него уничтожены.",
};

function actIdOf(text: string | undefined): number | undefined {
  return text !== undefined && /^\d{1,12}$/.test(text) ? Number(text) : undefined;
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { viewer, csrfToken, today } = requireStaff(context);
  const id = actIdOf(params.id);
  const act = id === undefined ? undefined : await pageOf(context).services.archive.act(viewer, id);
  if (!act)
    return data({ act: undefined, csrfToken: "", today, remove: undefined, done: null }, 404);
  const query = new URL(request.url).searchParams;
  const remove = actIdOf(query.get("remove") ?? undefined);
  return { act, csrfToken, today, remove, done: outcomes[query.get("done") ?? ""] ?? null };
}

export async function action({ params, context }: Route.ActionArgs) {
  const { viewer, today } = requireStaff(context);
  const id = actIdOf(params.id);
  const read = readActForm(formOf(context).fields, today);
  if (!read.ok) {
    const { ok: _, ...refusal } = read;
    return data({ refusal: refusal satisfies ActFormRefusal }, { status: 400 });
  }
  const archive = pageOf(context).services.archive;
  const { command } = read;
  const result =
    id === undefined
      ? { ok: false as const, status: 404, message: "Акт не найден." }
      : command.intent === "remove-case"
        ? await archive.removeCase(viewer, id, command.position, command.reason, command.version)
        : command.intent === "annul"
          ? await archive.annulAct(viewer, id, command.reason, command.version)
          : await archive.approveAct(viewer, id, command.protocol, command.version);
  if (!result.ok) {
    const refusal: ActFormRefusal = {
      intent: command.intent,
      field: undefined,
      message: result.message,
      typed: read.typed,
    };
    return data({ refusal }, { status: result.status });
  }
  throw redirect(`${actPath(id ?? 0)}?done=${command.intent}`, 303);
}

function ActState({ act }: { act: ArchiveActView }) {
  return (
    <section aria-labelledby="act-state" className="archive-act-state">
      <h2 id="act-state">Состояние акта</h2>
      <SummaryList>
        <SummaryRow label="Состояние">
          <ActStateTag state={act.state} />
        </SummaryRow>
        <SummaryRow label="Сформирован">
          {act.madeBy}, <Moment iso={act.madeAt} />
        </SummaryRow>
        {act.approved ? (
          <>
            <SummaryRow label="Утвердил">
              {act.approved.by}, <Moment iso={act.approved.at} />
            </SummaryRow>
            <SummaryRow label="Протокол экспертной комиссии">
              № {act.approved.protocolNumber} от {formatRussianDate(act.approved.protocolDate)}
            </SummaryRow>
            <SummaryRow label="Уничтожено" testId="act-destroyed">
              {casesCount(act.approved.destroyed)}
            </SummaryRow>
          </>
        ) : null}
        {act.annulled ? (
          <>
            <SummaryRow label="Аннулировал">
              {act.annulled.by}, <Moment iso={act.annulled.at} />
            </SummaryRow>
            <SummaryRow label="Причина">{act.annulled.reason}</SummaryRow>
          </>
        ) : null}
      </SummaryList>
    </section>
  );
}

export default function StaffArchiveActPage({ loaderData, actionData }: Route.ComponentProps) {
  const { act, csrfToken, today, remove, done } = loaderData;
  if (!act) return <NotFoundForRole />;
  const refusal = actionData?.refusal;
  return (
    <>
      <p className="staff-no-print">
        <a href="/staff/archive">Архив</a> › Акт № {act.number}
      </p>
      {done ? <NoticeBanner>{done}</NoticeBanner> : null}
      {refusal ? <NoticeBanner kind="error">{refusal.message}</NoticeBanner> : null}
      <p className="staff-no-print staff-hint">
        Печать: команда браузера «Печать» (Ctrl+P) — акт печатается на листе A4 без меню и форм.
      </p>
      <ArchiveActDocument act={act} />
      <ActState act={act} />
      {act.state === "draft" ? (
        <section
          aria-labelledby="act-actions"
          className="archive-act-actions staff-no-print staff-stack"
        >
          <h2 id="act-actions">Действия с проектом</h2>
          <RemoveCaseForm act={act} csrfToken={csrfToken} refusal={refusal} chosen={remove} />
          <ApproveActForm act={act} csrfToken={csrfToken} refusal={refusal} today={today} />
          <AnnulActForm act={act} csrfToken={csrfToken} refusal={refusal} />
        </section>
      ) : null}
    </>
  );
}
