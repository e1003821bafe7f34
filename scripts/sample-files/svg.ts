import type { OrgUnit } from "../../content/schema.ts";
import { escapeXml } from "./xml.ts";

/**
 * SVG pictures we own: the organisation chart drawn from the same data as the page's HTML chart,
 * and a clearly marked sample of the accreditation certificate.
 */
const fontFamily = "DejaVu Sans, Verdana, Arial, sans-serif";

/**
 * Greedy wrap by an estimated glyph width (no font metrics needed for these short names). Lines
 * break at spaces and, for long compounds like 'Эколого-токсикологическая', after a hyphen.
 */
function wrap(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const token of text.match(/[^ -]+-?|-/g) ?? []) {
    const joiner = line === "" || line.endsWith("-") ? "" : " ";
    if (line && `${line}${joiner}${token}`.length > maxChars) {
      lines.push(line);
      line = token;
    } else {
      line = `${line}${joiner}${token}`;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const boxWidth = 240;
const gap = 24;
const levelGap = 48;
const stackIndent = 24;
const stackGap = 16;
const margin = 24;
const nameSize = 13;
const nameLine = 17;
const headSize = 11;
const headLine = 14;

type Box = { unit: OrgUnit; x: number; y: number; width: number; height: number };

function boxLines(unit: OrgUnit, width: number) {
  const maxChars = Math.floor((width - 16) / 8.6);
  return {
    name: wrap(unit.name, maxChars),
    head: unit.head ? wrap(unit.head, Math.floor((width - 16) / 6.8)) : [],
  };
}

function boxHeight(unit: OrgUnit, width: number): number {
  const lines = boxLines(unit, width);
  return lines.name.length * nameLine + lines.head.length * headLine + 18;
}

/** Units below the second level whose children are all leaves are drawn as a vertical stack. */
const isStacked = (unit: OrgUnit, depth: number) =>
  depth >= 2 && unit.children.length > 0 && unit.children.every((c) => c.children.length === 0);

function subtreeWidth(unit: OrgUnit, depth: number): number {
  if (unit.children.length === 0 || isStacked(unit, depth)) return boxWidth;
  const sum = unit.children.reduce((total, child) => total + subtreeWidth(child, depth + 1), 0);
  return Math.max(boxWidth, sum + gap * (unit.children.length - 1));
}

export function renderOrganisationChartSvg(root: OrgUnit, title: string) {
  // Height of each level = its tallest box, so boxes of a level line up.
  const levelHeights: number[] = [];
  const measure = (unit: OrgUnit, depth: number) => {
    levelHeights[depth] = Math.max(levelHeights[depth] ?? 0, boxHeight(unit, boxWidth));
    if (!isStacked(unit, depth)) for (const child of unit.children) measure(child, depth + 1);
  };
  measure(root, 0);
  const levelTop = (depth: number) =>
    margin + levelHeights.slice(0, depth).reduce((total, h) => total + h + levelGap, 0);

  const boxes: Box[] = [];
  const lines: string[] = [];
  let bottom = 0;
  const place = (unit: OrgUnit, depth: number, left: number): Box => {
    const width = subtreeWidth(unit, depth);
    const box: Box = {
      unit,
      x: left + (width - boxWidth) / 2,
      y: levelTop(depth),
      width: boxWidth,
      height: levelHeights[depth] ?? 0,
    };
    boxes.push(box);
    bottom = Math.max(bottom, box.y + box.height);
    if (isStacked(unit, depth)) {
      let y = box.y + box.height + stackGap;
      const railX = box.x + stackIndent / 2;
      for (const child of unit.children) {
        const childWidth = boxWidth - stackIndent;
        const height = boxHeight(child, childWidth);
        boxes.push({ unit: child, x: box.x + stackIndent, y, width: childWidth, height });
        lines.push(`M${railX} ${y + height / 2}H${box.x + stackIndent}`);
        lines.push(`M${railX} ${box.y + box.height}V${y + height / 2}`);
        y += height + stackGap;
      }
      bottom = Math.max(bottom, y - stackGap);
    } else if (unit.children.length > 0) {
      const childrenWidth =
        unit.children.reduce((total, child) => total + subtreeWidth(child, depth + 1), 0) +
        gap * (unit.children.length - 1);
      let childLeft = left + (width - childrenWidth) / 2;
      const busY = box.y + box.height + levelGap / 2;
      lines.push(`M${box.x + boxWidth / 2} ${box.y + box.height}V${busY}`);
      const centres: number[] = [];
      for (const child of unit.children) {
        const childBox = place(child, depth + 1, childLeft);
        const centre = childBox.x + boxWidth / 2;
        centres.push(centre);
        lines.push(`M${centre} ${busY}V${childBox.y}`);
        childLeft += subtreeWidth(child, depth + 1) + gap;
      }
      lines.push(`M${Math.min(...centres)} ${busY}H${Math.max(...centres)}`);
    }
    return box;
  };
  place(root, 0, margin);

  const width = subtreeWidth(root, 0) + margin * 2;
  const height = Math.ceil(bottom + margin);
  const boxXml = boxes
    .map((box) => {
      const text = boxLines(box.unit, box.width);
      const total = text.name.length * nameLine + text.head.length * headLine;
      let y = box.y + (box.height - total) / 2 + nameSize;
      const cx = box.x + box.width / 2;
      const tspans = [
        ...text.name.map((line) => {
          const t = `<text x="${cx}" y="${y}" font-size="${nameSize}" font-weight="bold" fill="#1d3b24">${escapeXml(line)}</text>`;
          y += nameLine;
          return t;
        }),
        ...text.head.map((line) => {
          const t = `<text x="${cx}" y="${y - 2}" font-size="${headSize}" fill="#4a5a4d">${escapeXml(line)}</text>`;
          y += headLine;
          return t;
        }),
      ];
      const fill = box.unit.children.length > 0 || box.y === margin ? "#e3efe5" : "#ffffff";
      return `<rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" rx="6" fill="${fill}" stroke="#2e6b3a" stroke-width="1.5"/>${tspans.join("")}`;
    })
    .join("\n");
  const svg = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="chart-title" font-family="${fontFamily}" text-anchor="middle">
<title id="chart-title">${escapeXml(title)}</title>
<rect width="100%" height="100%" fill="#ffffff"/>
<path d="${lines.join("")}" fill="none" stroke="#2e6b3a" stroke-width="1.5"/>
${boxXml}
</svg>
`;
  return { svg, width, height };
}

export function renderCertificateSvg(options: {
  organisation: string;
  number: string;
  notice: string;
}): string {
  const width = 595;
  const height = 842;
  const orgLines = wrap(options.organisation, 44)
    .map(
      (line, i) => `<text x="297.5" y="${372 + i * 22}" font-size="16">${escapeXml(line)}</text>`,
    )
    .join("");
  const noticeLines = wrap(options.notice, 48)
    .map(
      (line, i) =>
        `<text x="297.5" y="${700 + i * 20}" font-size="14" font-weight="bold" fill="#c00000">${escapeXml(line)}</text>`,
    )
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="certificate-title" font-family="${fontFamily}" text-anchor="middle" fill="#1d3b24">
<title id="certificate-title">Образец аттестата аккредитации</title>
<rect width="100%" height="100%" fill="#fbfaf4"/>
<rect x="20" y="20" width="555" height="802" fill="none" stroke="#2e6b3a" stroke-width="6"/>
<rect x="34" y="34" width="527" height="774" fill="none" stroke="#2e6b3a" stroke-width="1.5"/>
<text x="297.5" y="150" font-size="28" font-weight="bold">АТТЕСТАТ</text>
<text x="297.5" y="186" font-size="22" font-weight="bold">АККРЕДИТАЦИИ</text>
<text x="297.5" y="240" font-size="15">испытательной лаборатории (центра)</text>
<text x="297.5" y="300" font-size="18" font-weight="bold">№ ${escapeXml(options.number)}</text>
<text x="297.5" y="345" font-size="13" fill="#4a5a4d">выдан</text>
${orgLines}
<text x="297.5" y="560" font-size="72" font-weight="bold" fill="#c00000" fill-opacity="0.22" transform="rotate(-35 297.5 520)">ОБРАЗЕЦ</text>
${noticeLines}
</svg>
`;
}
