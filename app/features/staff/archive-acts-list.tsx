/**
 * The archive's acts of destruction (issue 45), newest as the server orders them, each with its
 * state and how many cases it lists; and the per-year export of every case closed that year, with
 * its inventory (опись), for transfer to the archive (served by the server, not a page).
 */
import type { ArchiveActSummary } from "../../../domain/staff/archive-port.ts";
import { Table } from "../../components/staff/table/table.tsx";
import { ActStateTag, actPath } from "./archive-display.tsx";
import { Day } from "./staff-display.tsx";

export function ArchiveActsList({ acts }: { acts: ArchiveActSummary[] }) {
  return (
    <section aria-labelledby="archive-acts">
      <h2 id="archive-acts">Акты о выделении к уничтожению</h2>
      {acts.length === 0 ? (
        <p>Актов пока нет.</p>
      ) : (
        <Table label="Акты о выделении к уничтожению">
          <caption className="visually-hidden">Акты о выделении к уничтожению</caption>
          <thead>
            <tr>
              <th scope="col">Акт</th>
              <th scope="col">Дата</th>
              <th scope="col">Состояние</th>
              <th scope="col">Дел в акте</th>
            </tr>
          </thead>
          <tbody>
            {acts.map((act) => (
              <tr key={act.id}>
                <th scope="row">
                  <a className="staff-nowrap" href={actPath(act.id)}>
                    Акт № {act.number}
                  </a>
                </th>
                <td>
                  <Day iso={act.madeOn} />
                </td>
                <td>
                  <ActStateTag state={act.state} />
                </td>
                <td>{act.listed}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

export function ArchiveYearExports({ closedYears }: { closedYears: number[] }) {
  return (
    <section aria-labelledby="archive-exports">
      <h2 id="archive-exports">Выгрузка дел по годам закрытия</h2>
      <p className="staff-hint">
        Архив ZIP: все дела, закрытые в году, с описью — для передачи в архив организации.
      </p>
      {closedYears.length === 0 ? (
        <p>Закрытых дел пока нет.</p>
      ) : (
        <ul className="archive-years">
          {closedYears.map((year) => (
            <li key={year}>
              <a href={`/staff/archive/years/${year}.zip`}>Дела, закрытые в {year} году (ZIP)</a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
