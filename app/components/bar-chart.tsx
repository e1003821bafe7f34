/**
 * A horizontal bar chart drawn on the server as SVG: no script, so it works on the staff pages
 * (whose CSP allows none) and the public ones alike, and no CSS of its own (the public review's
 * policy allows only the site's hashed style blocks). It is a picture of a table shown beside it:
 * hidden from screen readers (`aria-hidden`), which read the table. Each group is a row of bars,
 * one per series; a value's `text` is written after its bar ('1 234', 'менее 5').
 *
 * Readable at any width: the SVG has no viewBox, so its units are CSS pixels and its text is
 * drawn at the page's size (14 px) however narrow the column, never scaled down to a few pixels
 * as a fixed viewBox is on a phone. Each group's label is written whole above its bars, wrapped
 * over as many lines as it needs (and whole in the group's <title>); the bars' lengths are
 * percentages of the SVG's width, leaving room for the value after the longest.
 */
type ChartValue = { value: number; text: string };
export type ChartGroup = { label: string; values: ChartValue[] };

const palette = ["#1f5132", "#2f6db5", "#b35c1e", "#6d3fa3", "#5c5c5c"];

const fontSize = 14;
const lineHeight = 18;
const barHeight = 16;
const barGap = 4;
const groupGap = 14;
const legendLine = 22;
/** Text starts a little right of the edge: some glyphs ('Т') overhang their origin. */
const textInset = 2;
/** The longest bar, in % of the chart's width: the rest holds its value ('12 345', 'менее 5'). */
const longestBar = 68;
/**
 * Characters per label line: 32 of the widest Cyrillic text at 14 px fit the 288 px a 320 px
 * phone leaves the chart (the e2e tests measure each line inside the SVG).
 */
const lineChars = 32;

/** A label broken into lines at spaces, no line longer than `lineChars` unless one word is. */
function labelLines(label: string, width = lineChars): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of label.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export function BarChart({ groups, series }: { groups: ChartGroup[]; series?: string[] }) {
  const seriesCount = Math.max(1, ...groups.map((group) => group.values.length));
  const legend = series && series.length > 1 ? series : [];
  const max = Math.max(1, ...groups.flatMap((group) => group.values.map((item) => item.value)));
  const barsHeight = seriesCount * (barHeight + barGap) - barGap;
  // Each group's top: the legend, then every group's label lines, its bars and a gap.
  let y = legend.length * legendLine + (legend.length > 0 ? groupGap / 2 : 0);
  const laidOut = groups.map((group) => {
    const lines = labelLines(group.label);
    const top = y;
    y += lines.length * lineHeight + 4 + barsHeight + groupGap;
    return { group, lines, top };
  });
  // The last value's glyphs reach a few pixels under its bar: room for them inside the SVG.
  const height = Math.max(1, y - groupGap + 5);
  return (
    <svg
      className="bar-chart"
      width="100%"
      height={height}
      aria-hidden="true"
      focusable="false"
      fontSize={fontSize}
    >
      {legend.map((name, index) => (
        <g key={name} transform={`translate(0, ${index * legendLine})`}>
          <rect x={textInset} y="3" width="14" height="14" fill={palette[index % palette.length]} />
          <text x={20 + textInset} y="15">
            {name}
          </text>
        </g>
      ))}
      {laidOut.map(({ group, lines, top }) => {
        const barsTop = lines.length * lineHeight + 4;
        return (
          <g key={group.label} transform={`translate(0, ${top})`}>
            <title>{group.label}</title>
            <text className="bar-chart__label" y={lineHeight - 4} fill="#1b1b1b">
              {lines.map((line, index) => (
                <tspan key={line} x={textInset} dy={index === 0 ? 0 : lineHeight}>
                  {line}
                </tspan>
              ))}
            </text>
            {group.values.map((item, index) => {
              const share = ((item.value / max) * longestBar).toFixed(2);
              const barY = barsTop + index * (barHeight + barGap);
              return (
                <g key={series?.[index] ?? index}>
                  <rect
                    x="0"
                    y={barY}
                    width={`${share}%`}
                    height={barHeight}
                    fill={palette[index % palette.length]}
                  />
                  <text x={`${share}%`} dx="5" y={barY + barHeight - 3}>
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
