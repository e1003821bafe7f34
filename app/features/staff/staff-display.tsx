import type { AppealState } from "../../../domain/appeals/appeal-states.ts";
import type { DeadlineState } from "../../../domain/appeals/legal-terms.ts";
import { type AppealDeadline, describeDeadline } from "../../../domain/appeals/running-terms.ts";
import { formatRussianDate } from "../../../domain/calendar/calendar-day.ts";
import type { DraftReview } from "../../../domain/staff/draft-marks.ts";
import { formatKirovDateTime } from "../../../domain/time/kirov-time.ts";
import { Tag, type TagTone } from "../../components/staff/tag/tag.tsx";

/** The term alert rule's colours (term-alerts.ts): red on the last day and past it, amber in the last third. */
const deadlineTones: Record<DeadlineState, TagTone> = {
  overdue: "danger",
  "last-day": "danger",
  "last-third": "warning",
  ok: "neutral",
};

/** A term's last day in its colour; the words beside the date say the same without colour (running-terms.ts). */
export function DeadlineText({
  deadline,
  withKind = false,
}: {
  deadline: AppealDeadline;
  withKind?: boolean;
}) {
  return (
    <Tag tone={deadlineTones[deadline.state]} className={`deadline deadline--${deadline.state}`}>
      {describeDeadline(deadline, { withKind })}
    </Tag>
  );
}

/** An appeal's state as a tag: open states in blue (staff act on them), closed ones in green. */
const stateTones: Record<AppealState, TagTone> = {
  new: "info",
  registered: "info",
  in_progress: "info",
  answered: "success",
  forwarded: "success",
  without_answer: "neutral",
};

export function StateTag({ state, children }: { state: AppealState; children: React.ReactNode }) {
  return <Tag tone={stateTones[state]}>{children}</Tag>;
}

/** A draft waiting for a head (blue) or returned to its executor (yellow). */
export function DraftMark({
  review,
  children,
}: {
  review: DraftReview;
  children: React.ReactNode;
}) {
  return (
    <Tag
      tone={review === "awaiting_approval" ? "info" : "warning"}
      className={`draft-mark draft-mark--${review}`}
    >
      {children}
    </Tag>
  );
}

/** A moment in Kirov time, never broken over two lines. */
export function Moment({ iso }: { iso: string }) {
  return (
    <time className="staff-nowrap" dateTime={iso}>
      {formatKirovDateTime(new Date(iso))}
    </time>
  );
}

export function Day({ iso }: { iso: string | null }) {
  return iso ? (
    <time className="staff-nowrap" dateTime={iso}>
      {formatRussianDate(iso)}
    </time>
  ) : (
    <>—</>
  );
}

/** The CSRF token every staff form carries. */
export function CsrfField({ token }: { token: string }) {
  return <input type="hidden" name="_csrf" value={token} />;
}
