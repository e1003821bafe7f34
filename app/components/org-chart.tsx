import type { OrgUnit } from "../../content/schema.ts";

/**
 * The organisation chart as nested lists: a screen reader announces the levels and counts, the
 * text can be found with the browser's search and grows with zoom. CSS draws the boxes and
 * the connecting lines.
 */
export function OrgChart({ root, labelledBy }: { root: OrgUnit; labelledBy: string }) {
  return (
    <div className="org-chart">
      <ul className="org-chart__level org-chart__level--root" aria-labelledby={labelledBy}>
        <OrgChartUnit unit={root} depth={0} />
      </ul>
    </div>
  );
}

function OrgChartUnit({ unit, depth }: { unit: OrgUnit; depth: number }) {
  return (
    <li className="org-chart__item">
      <div className={`org-chart__unit org-chart__unit--depth-${Math.min(depth, 3)}`}>
        <span className="org-chart__name">{unit.name}</span>
        {unit.head ? <span className="org-chart__head">{unit.head}</span> : null}
      </div>
      {unit.children.length > 0 ? (
        <ul className={`org-chart__level org-chart__level--${levelName(depth)}`}>
          {unit.children.map((child) => (
            <OrgChartUnit key={child.id} unit={child} depth={depth + 1} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** Lists under the director and under their deputies are laid out as chart rows on wide screens. */
function levelName(parentDepth: number): "top" | "branch" | "nested" {
  if (parentDepth === 0) return "top";
  if (parentDepth === 1) return "branch";
  return "nested";
}
