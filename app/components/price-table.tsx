import type { ReactNode } from "react";
import { formatRubles } from "../../content/format.ts";

export type PriceRow = { key: string; name: ReactNode; note?: string | undefined; price: number };

/**
 * A two-column price table: what is sold (a row header) and its price in roubles. Named by a
 * caption or, when the heading above already says it, by `aria-labelledby`.
 */
export function PriceTable({
  caption,
  labelledBy,
  nameHeader,
  priceHeader,
  rows,
}: {
  caption?: ReactNode;
  labelledBy?: string;
  nameHeader: string;
  priceHeader: string;
  rows: readonly PriceRow[];
}) {
  return (
    <table className="data-table price-table" aria-labelledby={labelledBy}>
      {caption}
      <thead>
        <tr>
          <th scope="col">{nameHeader}</th>
          <th scope="col" className="price">
            {priceHeader}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">
              {row.name}
              {row.note ? <span className="price-table__note">{row.note}</span> : null}
            </th>
            <td className="price">{formatRubles(row.price)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
