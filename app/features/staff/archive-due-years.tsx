/**
 * The archive's due cases (issue 45), per the year they were closed: the «5 лет ЭПК» cases whose
 * term has ended, each with where it is (a draft act already lists it, or not yet), and the
 * «Сформировать акт» form of its year. One more form makes an act of every due case at once.
 */
import { formatRussianDate } from "../../../domain/calendar/calendar-day.ts";
import type { DueYear } from "../../../domain/staff/archive-port.ts";
import { Button } from "../../components/staff/button/button.tsx";
import { Table } from "../../components/staff/table/table.tsx";
import { casesCount } from "./archive-display.tsx";
import { CsrfField, Day } from "./staff-display.tsx";

/** «Сформировать акт»: of one closing year, or (`closedYear` null) of every due case. */
function MakeActForm({ closedYear, csrfToken }: { closedYear: number | null; csrfToken: string }) {
  const label =
    closedYear === null
      ? "Сформировать акт по всем годам"
      : `Сформировать акт за ${closedYear} год`;
  return (
    <form method="post" className="staff-form staff-form--narrow" aria-label={label}>
      <CsrfField token={csrfToken} />
      <input type="hidden" name="intent" value="make-act" />
      <input type="hidden" name="closed_year" value={closedYear ?? ""} />
      <p className="staff-hint">
        {closedYear === null
          ? "В проект акта войдут все дела с истёкшим сроком хранения, ещё не включённые в другой проект."
          : `В проект акта войдут дела, закрытые в ${closedYear} году и ещё не включённые в другой проект.`}
      </p>
      <Button kind="secondary">{label}</Button>
    </form>
  );
}

function DueYearSection({ year, csrfToken }: { year: DueYear; csrfToken: string }) {
  const free = year.cases.filter((due) => due.onDraftAct === null).length;
  const headingId = `due-${year.closedYear}`;
  return (
    <section aria-labelledby={headingId} className="archive-due-year">
      <h3 id={headingId}>Закрыты в {year.closedYear} году</h3>
      <p>
        Срок хранения истёк {formatRussianDate(year.termEnd)}: {casesCount(year.cases.length)}
        {free < year.cases.length ? `, из них не в проекте акта — ${free}` : ""}.
      </p>
      <Table label={`Дела, закрытые в ${year.closedYear} году`}>
        <caption>Дела, закрытые в {year.closedYear} году, с истёкшим сроком хранения</caption>
        <thead>
          <tr>
            <th scope="col">Регистрационный номер</th>
            <th scope="col">Поступило</th>
            <th scope="col">Закрыто</th>
            <th scope="col">Тема</th>
            <th scope="col">Срок хранения</th>
            <th scope="col">Хранится до</th>
            <th scope="col">Акт</th>
          </tr>
        </thead>
        <tbody>
          {year.cases.map((due) => (
            <tr key={due.appealId}>
              <th scope="row">
                <a className="staff-nowrap" href={`/staff/appeals/${due.appealId}`}>
                  {due.number}
                </a>
              </th>
              <td>
                <Day iso={due.receivedOn} />
              </td>
              <td>
                <Day iso={due.closedOn} />
              </td>
              <td>{due.topicLabel}</td>
              <td>{due.termLabel}</td>
              <td>
                <Day iso={due.termEnd} />
              </td>
              <td>{due.onDraftAct === null ? "—" : `в проекте акта № ${due.onDraftAct}`}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      {free > 0 ? <MakeActForm closedYear={year.closedYear} csrfToken={csrfToken} /> : null}
    </section>
  );
}

export function ArchiveDueYears({ due, csrfToken }: { due: DueYear[]; csrfToken: string }) {
  const free = due.some((year) => year.cases.some((item) => item.onDraftAct === null));
  return (
    <section aria-labelledby="archive-due">
      <h2 id="archive-due">Дела с истёкшим сроком хранения</h2>
      <p className="staff-hint">
        Здесь только закрытые дела со сроком «5 лет ЭПК»: срок истекает 31 декабря пятого года после
        года закрытия. Дела, хранящиеся постоянно, и незакрытые дела сюда не попадают. Дело
        уничтожается только по утверждённому акту.
      </p>
      {due.length === 0 ? (
        <p>Дел с истёкшим сроком хранения нет.</p>
      ) : (
        <>
          {due.map((year) => (
            <DueYearSection key={year.closedYear} year={year} csrfToken={csrfToken} />
          ))}
          {free && due.length > 1 ? <MakeActForm closedYear={null} csrfToken={csrfToken} /> : null}
        </>
      )}
    </section>
  );
}
