import { data } from "react-router";
import { pageOf, requireStaff } from "../../domain/pages/page-context.ts";
import { NoticeBanner } from "../components/staff/notice-banner/notice-banner.tsx";
import { Table } from "../components/staff/table/table.tsx";
import { NotFoundForRole } from "../features/site/site-display.tsx";
import mailStyles from "../features/staff/mail.css?inline";
import {
  byteSizeText,
  mailMessagePath,
  subjectOf,
  waitingKindLabels,
} from "../features/staff/mail-display.tsx";
import { Moment } from "../features/staff/staff-display.tsx";
import type { RouteHandle } from "../route-handle.ts";
import type { Route } from "./+types/staff-mail.ts";

/**
 * «Письма без обращения» (issue 46): the messages read from the organisation's mailbox that
 * matched no appeal, or could not be read, oldest first, each waiting for a registrar to register
 * it as an appeal or set it aside. A registrar's and a head's: anyone else gets 404.
 */
export const handle: RouteHandle = { styles: [mailStyles] };

export const meta = () => [
  { title: "Письма без обращения — Реестр обращений граждан" },
  { name: "robots", content: "noindex, nofollow" },
];

/** What a finished action on a message says back here (`?done=`). */
const outcomes: Record<string, string> = {
  "set-aside": "Письмо отложено.",
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const { viewer } = requireStaff(context);
  const waiting = await pageOf(context).services.mailbox.waiting(viewer);
  if (!waiting) return data({ waiting: undefined, done: null }, { status: 404 });
  const done = outcomes[new URL(request.url).searchParams.get("done") ?? ""] ?? null;
  return { waiting, done };
}

export default function StaffMailPage({ loaderData }: Route.ComponentProps) {
  const { waiting, done } = loaderData;
  if (!waiting) return <NotFoundForRole />;
  return (
    <>
      <h1>Письма без обращения</h1>
      {done ? <NoticeBanner>{done}</NoticeBanner> : null}
      <p className="staff-hint">
        Письма из почтового ящика организации, которые не удалось связать с обращением: их
        регистрируют как обращение или откладывают с указанием причины.
      </p>
      {waiting.length === 0 ? (
        <p data-testid="mail-none">Писем без обращения нет.</p>
      ) : (
        <Table label="Письма без обращения, сначала старые" testId="waiting-mail">
          <thead>
            <tr>
              <th scope="col">Получено</th>
              <th scope="col">От кого</th>
              <th scope="col">Тема</th>
              <th scope="col">Вид</th>
              <th scope="col">Причина</th>
              <th scope="col">Размер</th>
            </tr>
          </thead>
          <tbody>
            {waiting.map((message) => (
              <tr key={message.id}>
                <td>
                  <Moment iso={message.readAt} />
                </td>
                <td className="mail-list__from">{message.from ?? "—"}</td>
                <td className="mail-list__subject staff-table__text">
                  <a href={mailMessagePath(message.id)}>{subjectOf(message)}</a>
                </td>
                <td>{waitingKindLabels[message.kind]}</td>
                <td className="staff-table__text">{message.reason ?? "—"}</td>
                <td className="staff-nowrap">{byteSizeText(message.byteSize)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
