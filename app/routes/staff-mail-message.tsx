import { data, redirect } from "react-router";
import { formOf, pageOf, requireStaff } from "../../domain/pages/page-context.ts";
import type { RegisterMessageForm } from "../../domain/staff/mailbox-port.ts";
import { NoticeBanner } from "../components/staff/notice-banner/notice-banner.tsx";
import { NotFoundForRole } from "../features/site/site-display.tsx";
import mailStyles from "../features/staff/mail.css?inline";
import { mailListPath, subjectOf } from "../features/staff/mail-display.tsx";
import {
  RegisterMessage,
  registerFormFrom,
  registerFormOf,
  registerIntent,
  SetAsideMessage,
  setAsideIntent,
} from "../features/staff/mail-message-forms.tsx";
import {
  MailMessageFacts,
  MailMessageFiles,
  MailMessageText,
} from "../features/staff/mail-message-view.tsx";
import type { RouteHandle } from "../route-handle.ts";
import type { Route } from "./+types/staff-mail-message.ts";

/**
 * One message of «Письма без обращения» (issue 46): its facts, its text and files, and what a
 * registrar does with it: register it as an appeal (then its page opens) or set it aside. A
 * registrar's and a head's; anyone else, or a message no longer waiting, gets 404.
 */
export const handle: RouteHandle = { styles: [mailStyles] };

export const meta = () => [
  { title: "Письмо без обращения — Реестр обращений граждан" },
  { name: "robots", content: "noindex, nofollow" },
];

const messageIdOf = (text: string | undefined) =>
  text !== undefined && /^\d{1,12}$/.test(text) ? Number(text) : undefined;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { viewer, csrfToken } = requireStaff(context);
  const id = messageIdOf(params.id);
  const message =
    id === undefined ? undefined : await pageOf(context).services.mailbox.message(viewer, id);
  if (!message) return data({ message: undefined, csrfToken: "" }, { status: 404 });
  return { message, csrfToken };
}

type Refused = {
  error: string;
  intent: string;
  typed: RegisterMessageForm | undefined;
  reason: string;
};

export async function action({ params, context }: Route.ActionArgs) {
  const { viewer } = requireStaff(context);
  const { fields } = formOf(context);
  const mailbox = pageOf(context).services.mailbox;
  const id = messageIdOf(params.id) ?? 0;
  const intent = String(fields.get("intent") ?? "");
  if (intent === registerIntent) {
    const typed = registerFormOf(fields);
    const registered = await mailbox.register(viewer, id, typed);
    if (registered.ok) throw redirect(`/staff/appeals/${registered.appealId}`, 303);
    const refused: Refused = { error: registered.message, intent, typed, reason: "" };
    return data(refused, { status: registered.status });
  }
  if (intent === setAsideIntent) {
    const reason = String(fields.get("reason") ?? "");
    const setAside = await mailbox.setAside(viewer, id, reason);
    if (setAside.ok) throw redirect(`${mailListPath}?done=set-aside`, 303);
    const refused: Refused = { error: setAside.message, intent, typed: undefined, reason };
    return data(refused, { status: setAside.status });
  }
  const unknown: Refused = {
    error: "Неизвестное действие: обновите страницу",
    intent,
    typed: undefined,
    reason: "",
  };
  return data(unknown, { status: 400 });
}

export default function StaffMailMessagePage({ loaderData, actionData }: Route.ComponentProps) {
  const { message, csrfToken } = loaderData;
  if (!message) return <NotFoundForRole />;
  return (
    <>
      <p>
        <a href={mailListPath}>Письма без обращения</a>
      </p>
      <h1 className="mail-list__subject">{subjectOf(message)}</h1>
      {actionData ? <NoticeBanner kind="error">{actionData.error}</NoticeBanner> : null}
      <MailMessageFacts message={message} />
      <MailMessageText message={message} />
      <MailMessageFiles message={message} />
      <div className="mail-forms staff-stack">
        {message.kind === "unmatched" ? (
          <RegisterMessage
            typed={actionData?.typed ?? registerFormFrom(message)}
            csrfToken={csrfToken}
          />
        ) : (
          <p>Письмо не удалось прочитать: зарегистрировать его как обращение нельзя.</p>
        )}
        <SetAsideMessage reason={actionData?.reason ?? ""} csrfToken={csrfToken} />
      </div>
    </>
  );
}
