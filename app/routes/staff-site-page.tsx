import { data, redirect } from "react-router";
import { siteContentDefaults } from "../../content/site-content-defaults.ts";
import { notFoundTitle } from "../../content/site-pages.ts";
import { formOf, pageOf, requireStaff } from "../../domain/pages/page-context.ts";
import { readPublishMoment } from "../../domain/site-content/publish-schedule.ts";
import {
  editablePages,
  isEditablePage,
  type SiteAction,
} from "../../domain/site-content/site-editions.ts";
import type { FormErrors } from "../../domain/site-content/site-form.ts";
import { siteFormOf } from "../../domain/site-content/site-forms.ts";
import { storeFullAnswered, storeFullStatus } from "../../domain/storage/store-full.ts";
import { NoticeBanner } from "../components/staff/notice-banner/notice-banner.tsx";
import { EditionChanges } from "../features/site/edition-changes.tsx";
import { editionPairOf } from "../features/site/edition-compare.tsx";
import { EditionHistory } from "../features/site/edition-history.tsx";
import { EditionReview } from "../features/site/edition-review.tsx";
import { editorOutcomes as outcomes } from "../features/site/editor-outcomes.ts";
import { keepFiles } from "../features/site/form-files.ts";
import { pageEditorOf } from "../features/site/page-editors.tsx";
import { ReviewDateLink } from "../features/site/past-review-date.tsx";
import {
  PublishScheduleFields,
  type ScheduleAnswer,
  ScheduledEdition,
} from "../features/site/publish-schedule-fields.tsx";
import { refusedForm } from "../features/site/refused-form.ts";
import { NotFoundForRole } from "../features/site/site-display.tsx";
import { FormErrorSummary, SiteEditorForm } from "../features/site/site-editor-form.tsx";
import { WorkingEdition } from "../features/site/working-edition.tsx";
import type { Route } from "./+types/staff-site-page.ts";

/** The date and time posted for «Опубликовать по расписанию», read as one moment (0039). */
function scheduleOf(fields: URLSearchParams) {
  const date = fields.get("publish-date") ?? "";
  const time = fields.get("publish-time") ?? "";
  return { date, time, moment: readPublishMoment(date, time, new Date()) };
}

/**
 * Any editable page's editor: the page's own fields (app/features/site/page-editors.tsx) read
 * and checked by its own form (domain/site-content/site-forms.ts); approval, preview, history
 * and the saving buttons are the same for every page.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const access = requireStaff(context, "edit-site");
  if (!access || !isEditablePage(params.page)) {
    return data({ notFound: true as const }, { status: 404 });
  }
  const view = await pageOf(context).services.site.editor(access.viewer, params.page);
  const search = new URL(request.url).searchParams;
  const done = search.get("done") ?? "";
  return {
    notFound: false as const,
    view,
    csrfToken: access.csrfToken,
    done: outcomes[done],
    // «Сравнить редакции» in «История»: a GET form, `?compare=…&with=…` (issue 43).
    pair: editionPairOf(search),
  };
}

type ActionAnswer = {
  /** The form's values as posted (or changed by a list button): each page's own shape. */
  values?: unknown;
  errors?: FormErrors;
  message?: string;
  commentError?: string;
  /** A refused moment for «Опубликовать по расписанию», beside the fields it was typed in. */
  schedule?: ScheduleAnswer;
  /** Which form the moment was typed in: the editor's, or the head's review. */
  scheduleFrom?: "editor" | "review";
};

/** The intents about an edition already stored: no form of the page's fields is posted. */
const editionIntents = new Set([
  "approve",
  "approve-on-schedule",
  "return",
  "restore",
  "cancel-schedule",
]);

/** One turn of the server's event loop (a timer's: this module also runs in the build). */
const nextTurn = () => new Promise<void>((resume) => setTimeout(resume, 0));

export async function action(args: Route.ActionArgs) {
  try {
    return await siteAction(args);
  } catch (error) {
    // A full disk (decision 0057): nothing was saved; the form again with what was typed, the
    // files to be chosen again, and the words that say so.
    const message = storeFullAnswered(args.context, error);
    if (message === undefined || !isEditablePage(args.params.page)) throw error;
    const { fields } = formOf(args.context);
    const values = editionIntents.has(fields.get("intent") ?? "")
      ? undefined
      : siteFormOf(args.params.page).read(fields);
    return data<ActionAnswer>({ values, message }, { status: storeFullStatus });
  }
}

async function siteAction({ params, context }: Route.ActionArgs) {
  const access = requireStaff(context, "edit-site");
  if (!access || !isEditablePage(params.page)) {
    return data<ActionAnswer>({ message: `${notFoundTitle}.` }, { status: 404 });
  }
  const page = params.page;
  const site = pageOf(context).services.site;
  const { fields, files, refusal } = formOf(context);
  // An upload refused while it streamed in (too large, not an allowed type): nothing is kept, and
  // the form shows what is stored (the fields after the refused file never arrived).
  if (refusal) return data<ActionAnswer>({ message: refusal.message }, { status: refusal.status });
  const intent = fields.get("intent") ?? "";
  const form = siteFormOf(page);
  const uploaded = await keepFiles(form, form.read(fields), files, (kept) =>
    site.upload(access.viewer, kept),
  );
  if (!uploaded.ok) return data<ActionAnswer>(uploaded.answer, { status: uploaded.status });
  const values = uploaded.values;
  const changed = form.change(values, intent);
  // Adding, removing, moving: the form again, changed; nothing stored until it is saved.
  if (changed) return data<ActionAnswer>({ values: changed });

  const finished = (outcome: string): never => {
    throw redirect(`/staff/site/${page}?done=${outcome}`, 303);
  };
  if (intent === "save" || intent === "preview" || intent === "publish" || intent === "schedule") {
    // A long form (200 announcements) is checked in steps: the server answers others meanwhile.
    const checked = form.checkInSteps
      ? await form.checkInSteps(values, nextTurn)
      : form.check(values);
    if (!checked.ok) {
      return data<ActionAnswer>({ values, errors: checked.errors }, { status: 400 });
    }
    const { date, time, moment } = scheduleOf(fields);
    if (intent === "schedule" && !moment.ok) {
      const schedule = { date, time, error: moment.message };
      return data<ActionAnswer>({ values, schedule, scheduleFrom: "editor" }, { status: 400 });
    }
    const kind = intent === "publish" || intent === "schedule" ? intent : "save";
    const result = await site.act(access.viewer, page, {
      kind,
      content: checked.content,
      publishAt: moment.ok ? moment.moment : undefined,
    } as SiteAction<typeof page>);
    if (!result.ok) {
      return data<ActionAnswer>(refusedForm(values, result), { status: result.status });
    }
    // Content no built page shows has no preview: the draft is saved, as its button says.
    if (intent === "preview" && !editablePages[page].rendered) return finished("saved");
    if (intent === "preview") throw redirect(`/staff/site/${page}/preview`, 303);
    return finished(result.outcome);
  }
  // Edition 0: the build's content, which «Вернуть эту редакцию» may publish again.
  const editionId = Number.parseInt(fields.get("edition") ?? "", 10);
  // The fingerprint of the edition the head's page showed: an approval is of that content only.
  const revision = fields.get("revision") ?? "";
  if (intent === "cancel-schedule" && editionId > 0) {
    const result = await site.act(access.viewer, page, { kind: intent, editionId });
    if (!result.ok)
      return data<ActionAnswer>({ message: result.message }, { status: result.status });
    return finished(result.outcome);
  }
  if (intent === "approve-on-schedule" && editionId > 0) {
    const { date, time, moment } = scheduleOf(fields);
    const result = moment.ok
      ? await site.act(access.viewer, page, {
          kind: intent,
          editionId,
          revision,
          publishAt: moment.moment,
        })
      : { ok: false as const, status: 400, message: moment.message };
    if (result.ok) return finished(result.outcome);
    // The moment refused (or passed while the form was posted): beside the fields.
    const schedule = { date, time, error: result.message };
    return data<ActionAnswer>(
      result.status === 400 ? { schedule, scheduleFrom: "review" } : { message: result.message },
      { status: result.status },
    );
  }
  if ((intent === "approve" || intent === "return" || intent === "restore") && editionId >= 0) {
    const comment = fields.get("comment") ?? "";
    const result = await site.act(
      access.viewer,
      page,
      intent === "return"
        ? { kind: intent, editionId, comment }
        : intent === "approve"
          ? { kind: intent, editionId, revision }
          : { kind: intent, editionId },
    );
    if (!result.ok) {
      const answer =
        intent === "return" && result.status === 400
          ? { message: result.message, commentError: result.message }
          : { message: result.message };
      return data<ActionAnswer>(answer, { status: result.status });
    }
    return finished(result.outcome);
  }
  return data<ActionAnswer>({ message: "Неизвестное действие." }, { status: 400 });
}

export default function StaffSiteEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.notFound) return <NotFoundForRole />;
  const { view, csrfToken, done, pair } = loaderData;
  const working = view.working;
  const answer = actionData as ActionAnswer | undefined;
  const { title, path, rendered } = editablePages[view.page];
  const form = siteFormOf(view.page);
  const editor = pageEditorOf(view.page);
  return (
    <>
      <p>
        <a href="/staff/site">Содержание сайта</a>
      </p>
      <h1>{title}</h1>
      <ReviewDateLink page={view.page} />
      {done ? <NoticeBanner>{done}</NoticeBanner> : null}
      {answer?.message ? <NoticeBanner kind="error">{answer.message}</NoticeBanner> : null}
      {view.unreadable.length > 0 ? (
        <NoticeBanner kind="error">
          {view.unreadable.length === 1 ? "Редакция" : "Редакции"} № {view.unreadable.join(", ")} не{" "}
          {view.unreadable.length === 1 ? "показана" : "показаны"}: их содержание не проходит
          нынешнюю проверку (например, дата вне 1900–2100 годов). На сайте прежняя редакция;
          исправьте страницу в форме ниже и опубликуйте её.
        </NoticeBanner>
      ) : null}
      {answer?.errors ? (
        <FormErrorSummary errors={answer.errors} place={(name) => form.place(name)} />
      ) : null}
      <WorkingEdition page={view.page} path={path} working={working} preview={rendered} />
      {working?.state === "draft" && working.returnComment ? (
        <NoticeBanner>
          Возвращено на доработку ({working.returnedBy}): {working.returnComment}
        </NoticeBanner>
      ) : null}
      {working?.state === "awaiting_approval" && view.approves ? (
        <EditionReview
          edition={working}
          csrfToken={csrfToken}
          commentError={answer?.commentError}
          schedule={answer?.scheduleFrom === "review" ? answer.schedule : undefined}
          preview={rendered}
        >
          <EditionChanges
            changes={editor.changes(
              view.history[0]?.content ?? siteContentDefaults[view.page],
              working.content,
            )}
          />
        </EditionReview>
      ) : null}
      {working?.state === "scheduled" ? (
        <ScheduledEdition
          edition={working}
          csrfToken={csrfToken}
          cancels={view.publishesDirectly}
        />
      ) : null}
      <SiteEditorForm
        label={title}
        parts={editor.parts?.(answer?.values ?? form.valuesOf(view.content))}
        csrfToken={csrfToken}
        publishesDirectly={view.publishesDirectly}
        withFiles={form.files !== undefined}
        preview={rendered}
        schedule={
          view.publishesDirectly ? (
            <PublishScheduleFields
              id="publish-schedule"
              intent="schedule"
              answer={answer?.scheduleFrom === "editor" ? answer.schedule : undefined}
            />
          ) : undefined
        }
      >
        <editor.Fields
          values={answer?.values ?? form.valuesOf(view.content)}
          errors={answer?.errors}
        />
      </SiteEditorForm>
      <EditionHistory
        history={view.history}
        csrfToken={csrfToken}
        defaults={siteContentDefaults[view.page]}
        changes={(before, after) => editor.changes(before, after)}
        pair={pair}
      />
    </>
  );
}
