import type { Figure } from "../../../domain/staff/appeal-statistics.ts";
import { BarChart } from "../../components/bar-chart.tsx";
import { Table } from "../../components/staff/table/table.tsx";

/** One figure of the statistics page: its chart and, beside it, the table a screen reader reads. */
export function StatisticsFigure({ figure }: { figure: Figure }) {
  const headingId = `figure-${figure.id}`;
  return (
    <section className="statistics-figure" aria-labelledby={headingId} data-figure={figure.id}>
      <h2 id={headingId}>{figure.title}</h2>
      <div className="statistics-figure__body">
        <BarChart groups={figure.rows.map((row) => ({ label: row.label, values: [row] }))} />
        <Table className="statistics-table">
          <thead>
            <tr>
              <th scope="col">Показатель</th>
              <th scope="col">{figure.valueHeader}</th>
            </tr>
          </thead>
          <tbody>
            {[...figure.rows, ...figure.extra].map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td data-value={row.value}>{row.text}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </section>
  );
}
