/**
 * A horizontal bar chart drawn on the server as SVG: no script, so it works on the staff pages
 * (whose CSP allows none) and the public ones alike. It is a picture of a table shown beside it:
 * hidden from screen readers (`aria-hidden`), which read the table. Each group is a row of bars,
 * one per series; a value's `text` is written after its bar ('1 234', 'менее 5').
 */
export type ChartValue = { value: number; text: string };
export type ChartGroup = { label: string; values: ChartValue[] };

const palette = ["#1f5132", "#2f6db5", "#b35c1e", "#6d3fa3", "#5c5c5c"];

const width = 560;
const labelWidth = 210;
const valueWidth = 70;
const barHeight = 16;
const barGap = 3;
const groupGap = 10;
const legendHeight = 24;

/** A label cut to fit its column (the table beside the chart has it whole). */
function shortLabel(label: string): string {
  return label.length > 30 ? `${label.slice(0, 29)}…` : label;
}

export function BarChart({ groups, series }: { groups: ChartGroup[]; series?: string[] }) {
  const seriesCount = Math.max(1, ...groups.map((group) => group.values.length));
  const legend = series && series.length > 1;
  const top = legend ? legendHeight : 0;
  const groupHeight = seriesCount * (barHeight + barGap) - barGap;
  const height = top + groups.length * (groupHeight + groupGap);
  const max = Math.max(1, ...groups.flatMap((group) => group.values.map((item) => item.value)));
  const barSpace = width - labelWidth - valueWidth;
  return (
    <svg
      className="bar-chart"
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      aria-hidden="true"
      focusable="false"
      fontSize="12"
    >
      {legend
        ? series.map((name, index) => (
            <g key={name} transform={`translate(${labelWidth + index * 110}, 4)`}>
              <rect width="12" height="12" fill={palette[index % palette.length]} />
              <text x="16" y="11">
                {name}
              </text>
            </g>
          ))
        : null}
      {groups.map((group, groupIndex) => {
        const y = top + groupIndex * (groupHeight + groupGap);
        return (
          <g key={group.label} transform={`translate(0, ${y})`}>
            <text x={labelWidth - 6} y={groupHeight / 2 + 4} textAnchor="end">
              {shortLabel(group.label)}
            </text>
            {group.values.map((item, index) => {
              const barWidth = (item.value / max) * barSpace;
              const barY = index * (barHeight + barGap);
              return (
                <g key={series?.[index] ?? index}>
                  <rect
                    x={labelWidth}
                    y={barY}
                    width={barWidth.toFixed(1)}
                    height={barHeight}
                    fill={palette[index % palette.length]}
                  />
                  <text x={(labelWidth + barWidth + 4).toFixed(1)} y={barY + barHeight - 4}>
                    {item.text}
                  </text>
                </g>
              );
            })}
          </g>
        );
      })}
    </svg>
  );
}
