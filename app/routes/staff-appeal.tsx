import { data, redirect } from "react-router";
import { formOf, pageOf, requireStaff } from "../../domain/pages/page-context.ts";
import { readAppealActionForm } from "../../domain/staff/appeal-action-form.ts";
import { fillReplyTemplate } from "../../domain/staff/reply-template-text.ts";
import { can } from "../../domain/staff/staff-roles.ts";
import { NoticeBanner } from "../components/staff/notice-banner/notice-banner.tsx";
import { AnswerForm } from "../features/staff/answer-form.tsx";
import { DraftAnswer, SentAnswer } from "../features/staff/answer-section.tsx";
import {
  AppealNextStep,
  AppealOtherActions,
  appealPageActions,
} from "../features/staff/appeal-actions.tsx";
import { AppealAuditLog } from "../features/staff/appeal-audit-log.tsx";
import { AppealMails } from "../features/staff/appeal-mails.tsx";
import { AppealNotes } from "../features/staff/appeal-notes.tsx";
import { AppealConsent, AppealRecord } from "../features/staff/appeal-record.tsx";
import {
  AppealStorage,
  changeStorageTerm,
  storageTermIntent,
} from "../features/staff/appeal-storage.tsx";
import { AppealSummary } from "../features/staff/appeal-summary.tsx";
import { AppealText } from "../features/staff/appeal-text.tsx";
import { resendAnswerIntent } from "../features/staff/mail-answer-actions.tsx";
import type { Route } from "./+types/staff-appeal.ts";

/**
 * An appeal's page for staff: its summary beside what may be done about it, then its record,
 * the answer, the consent, its mail, the notes and the log, each a section of its own
 * (app/features/staff/appeal-*.tsx). The action takes every form of the page.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { staff, viewer, csrfToken, today } = requireStaff(context);
  const role = viewer.role;
  const found = await staff.getAppeal(viewer, params.id);
  if (!found) {
    return data(
      {
        found: undefined,
        today,
        csrfToken: "",
        role,
        templates: [],
        templateText: undefined,
      },
      { status: 404 },
    );
  }
  // An answer may start from a reply template: ?template=<id> fills its text in.
  const templates = can(role, "answer") ? await staff.replyTemplates(viewer) : [];
  const chosen = new URL(request.url).searchParams.get("template");
  const template = templates.find((candidate) => String(candidate.id) === chosen);
  return {
    found,
    today,
    csrfToken,
    role,
    templates: templates.map(({ id, title }) => ({ id, title })),
    templateText: template ? fillReplyTemplate(template.text, found.appeal) : undefined,
  };
}

export async function action({ params, context }: Route.ActionArgs) {
  const { staff, viewer } = requireStaff(context);
  // The door read the form: url-encoded, or multipart with the answer's files checked.
  const { fields: formData, files, refusal } = formOf(context);
  // What was typed into the answer form, given back with a refusal or a preview.
  const answerDraft = {
    text: String(formData.get("answer_text") ?? ""),
    outgoingNumber: String(formData.get("outgoing_number") ?? ""),
  };
  if (refusal) return data({ error: refusal.message, answerDraft }, { status: refusal.status });
  // «Изменить срок хранения» (issue 45): the archive's, not a change of the appeal's state.
  if (formData.get("intent") === storageTermIntent) {
    const changed = await changeStorageTerm(context, viewer, params.id, formData);
    if (!changed.ok) {
      const { message: error, status, reasonError } = changed;
      return data({ error, storageReasonError: reasonError === true, answerDraft }, { status });
    }
    throw redirect(`/staff/appeals/${params.id}#storage`, 303);
  }
  // «Отправить повторно» (issue 46): the answer to a corrected address, with the reason.
  if (formData.get("intent") === resendAnswerIntent) {
    const resent = await pageOf(context).services.mailbox.resendAnswer(
      viewer,
      params.id,
      String(formData.get("resend_address") ?? ""),
      String(formData.get("resend_reason") ?? ""),
    );
    if (!resent.ok) return data({ error: resent.message, answerDraft }, { status: resent.status });
    throw redirect(`/staff/appeals/${params.id}`, 303);
  }
  const read = readAppealActionForm(formData.entries());
  if (!read.ok) return data({ error: read.message, answerDraft }, { status: 400 });
  if (read.form.intent === "answer-preview") {
    const previewed = await staff.previewAnswer(viewer, params.id, read.form, files);
    if (!previewed.ok) {
      return data({ error: previewed.message, answerDraft }, { status: previewed.status });
    }
    return { preview: previewed.preview, answerDraft };
  }
  const result = await staff.changeAppeal(viewer, params.id, read.form, files);
  if (!result.ok) return data({ error: result.message, answerDraft }, { status: result.status });
  throw redirect(`/staff/appeals/${params.id}`, 303);
}

export default function StaffAppealPage({ loaderData, actionData }: Route.ComponentProps) {
  const { found, today, csrfToken, role, templates, templateText } = loaderData;
  if (!found) {
    return (
      <>
        <h1>Обращение не найдено</h1>
        <p>
          <a href="/staff">К списку обращений</a>
        </p>
      </>
    );
  }
  const { appeal, answer } = found;
  const { actions, mayWriteAnswer } = appealPageActions(found, role);
  const answerDraft =
    actionData?.answerDraft ??
    (templateText !== undefined
      ? { text: templateText, outgoingNumber: "" }
      : answer?.state === "returned"
        ? { text: answer.text, outgoingNumber: answer.outgoingNumber ?? "" }
        : undefined);
  const sendLabel =
    found.waitsForApproval && answer?.state !== "sent"
      ? "Передать на согласование"
      : "Отправить ответ";
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  return (
    <>
      <h1 className="staff-appeal-title">
        Обращение <span className="staff-nowrap">{appeal.number}</span>
      </h1>
      {error ? <NoticeBanner kind="error">{error}</NoticeBanner> : null}
      {/* The first screen (issue 44): what the appeal is at now, the citizen's text and the one
          step its state calls for; the other actions beside the text (on a phone: the summary,
          the step, the text, the other actions). The record follows below. */}
      <div className="staff-appeal-top">
        <AppealSummary found={found} today={today} />
        <AppealNextStep found={found} role={role} today={today} csrfToken={csrfToken} />
        <AppealText comment={appeal.comment} />
        <AppealOtherActions found={found} role={role} today={today} csrfToken={csrfToken} />
      </div>

      <AppealRecord found={found} />

      <AppealStorage
        appealId={appeal.id}
        storage={found.storage}
        role={role}
        csrfToken={csrfToken}
        reasonError={
          actionData && "storageReasonError" in actionData && actionData.storageReasonError
            ? error
            : undefined
        }
      />

      {answer || actions.includes("answer") ? <h2 id="answer">Ответ гражданину</h2> : null}
      {answer?.state === "sent" ? <SentAnswer appealId={appeal.id} answer={answer} /> : null}
      {answer && answer.state !== "sent" ? (
        <DraftAnswer appealId={appeal.id} answer={answer} />
      ) : null}
      {mayWriteAnswer ? (
        <AnswerForm
          appealId={appeal.id}
          version={appeal.version}
          csrfToken={csrfToken}
          draft={answerDraft}
          preview={actionData && "preview" in actionData ? actionData.preview : undefined}
          templates={templates}
          sendLabel={sendLabel}
          keptFiles={answer?.files.length ?? 0}
        />
      ) : null}

      <AppealConsent appeal={appeal} />

      <AppealMails found={found} csrfToken={csrfToken} />

      <AppealNotes notes={found.notes} mayAdd={can(role, "notes")} csrfToken={csrfToken} />

      <AppealAuditLog found={found} />
    </>
  );
}
