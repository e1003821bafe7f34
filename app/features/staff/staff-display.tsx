import type { AppealDeadline } from "../../../domain/appeals/appeal-deadlines.ts";
import { deadlineKindLabels } from "../../../domain/appeals/appeal-deadlines.ts";
import { formatRussianDate } from "../../../domain/calendar/calendar-day.ts";
import { formatKirovDateTime } from "../../../domain/time/kirov-time.ts";

const deadlineStateText = { overdue: "просрочен", "due-soon": "истекает", ok: "" } as const;

/** A term's last day, marked when it is past or within 3 days. */
export function DeadlineText({
  deadline,
  withKind = false,
}: {
  deadline: AppealDeadline;
  withKind?: boolean;
}) {
  const note = deadlineStateText[deadline.state];
  return (
    <span className={`deadline deadline--${deadline.state}`}>
      {withKind ? `${deadlineKindLabels[deadline.kind]}: ` : ""}
      до {formatRussianDate(deadline.due)}
      {note ? ` (${note})` : ""}
    </span>
  );
}

export function Moment({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatKirovDateTime(new Date(iso))}</time>;
}

export function Day({ iso }: { iso: string | null }) {
  return iso ? <time dateTime={iso}>{formatRussianDate(iso)}</time> : <>—</>;
}

/** The CSRF token every staff form carries. */
export function CsrfField({ token }: { token: string }) {
  return <input type="hidden" name="_csrf" value={token} />;
}
