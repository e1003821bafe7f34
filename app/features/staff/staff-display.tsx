import { type AppealDeadline, describeDeadline } from "../../../domain/appeals/running-terms.ts";
import { formatRussianDate } from "../../../domain/calendar/calendar-day.ts";
import { formatKirovDateTime } from "../../../domain/time/kirov-time.ts";

/** A term's last day, marked yellow once half of it has passed and red in its last days and past it (the rule: term-alerts.ts; the words: running-terms.ts). */
export function DeadlineText({
  deadline,
  withKind = false,
}: {
  deadline: AppealDeadline;
  withKind?: boolean;
}) {
  return (
    <span className={`deadline deadline--${deadline.state}`}>
      {describeDeadline(deadline, { withKind })}
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
