import { formatDay } from "../../../content/format.ts";
import { kirovInputsOf } from "../../../domain/site-content/publish-schedule.ts";
import type { EditionView } from "../../../domain/site-content/site-editions.ts";
import { kirovUtcOffsetText } from "../../../domain/time/kirov-time.ts";
import { Button, ButtonGroup } from "../../components/staff/button/button.tsx";
import { DateInput } from "../../components/staff/date-input/date-input.tsx";
import { TextInput } from "../../components/staff/field/field.tsx";
import { CsrfField } from "../staff/staff-display.tsx";

/** The date and time typed, and why they were refused: the form shows them again. */
export type ScheduleAnswer = { date: string; time: string; error: string };

/** '1 декабря 2026 г. в 09:00': a scheduled moment in Kirov time, in words. */
function scheduledMomentWords(iso: string): string {
  const { date, time } = kirovInputsOf(new Date(iso));
  return `${formatDay(date)} в ${time}`;
}

/** «будет опубликована 1 декабря 2026 г. в 09:00 (время кировское)», as a `<time>`. */
export function ScheduledMoment({ iso }: { iso: string }) {
  return (
    <>
      будет опубликована <time dateTime={iso}>{scheduledMomentWords(iso)}</time> (время кировское)
    </>
  );
}

/**
 * «Опубликовать по расписанию»: a day and a time in Kirov time, plain date and time inputs (the
 * server reads and checks them; decision 0039), and the button. Inside a form of the page.
 */
export function PublishScheduleFields({
  id,
  intent,
  answer,
}: {
  /** Unique on the page: the editor's form and the head's review both have these fields. */
  id: string;
  intent: "schedule" | "approve-on-schedule";
  answer: ScheduleAnswer | undefined;
}) {
  return (
    <fieldset className="staff-fieldset staff-stack">
      <legend>Опубликовать по расписанию</legend>
      <DateInput
        id={`${id}-date`}
        name="publish-date"
        label="Дата публикации"
        hint={`Время кировское (${kirovUtcOffsetText(new Date())})`}
        defaultValue={answer?.date}
        error={answer?.error}
      />
      <TextInput
        id={`${id}-time`}
        name="publish-time"
        type="time"
        variant="staff-date"
        label="Время публикации"
        defaultValue={answer?.time}
      />
      <ButtonGroup>
        <Button kind="secondary" name="intent" value={intent}>
          Опубликовать по расписанию
        </Button>
      </ButtonGroup>
    </fieldset>
  );
}

/** A scheduled edition: its moment, who scheduled it, and «Отменить публикацию по расписанию». */
export function ScheduledEdition({
  edition,
  csrfToken,
  cancels,
}: {
  edition: EditionView;
  csrfToken: string;
  /** The viewer publishes directly: a moment set by a head is only a publisher's to take back. */
  cancels: boolean;
}) {
  return (
    <section className="staff-form staff-stack" aria-labelledby="scheduled-title">
      <h2 id="scheduled-title">Публикация по расписанию</h2>
      <p>
        Редакция запланирована: <ScheduledMoment iso={edition.publishAt ?? edition.changedAt} />.
        Запланировал {edition.scheduledBy ?? edition.changedBy}. До тех пор на сайте прежняя
        редакция; изменение в форме ниже вернёт редакцию в черновик.
      </p>
      {cancels ? (
        <form method="post">
          <CsrfField token={csrfToken} />
          <input type="hidden" name="edition" value={edition.id} />
          <ButtonGroup>
            <Button kind="secondary" name="intent" value="cancel-schedule">
              Отменить публикацию по расписанию
            </Button>
          </ButtonGroup>
        </form>
      ) : (
        <p>Отменить публикацию по расписанию может руководитель.</p>
      )}
    </section>
  );
}
