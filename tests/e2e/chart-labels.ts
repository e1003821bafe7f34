import type { Page } from "playwright-core";

/**
 * Each chart's labels as drawn: a label outside its SVG, drawn smaller than 12 px, or cut short
 * («…») without its whole text in a <title>.
 */
export function chartLabelProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const svg of document.querySelectorAll<SVGSVGElement>("svg.bar-chart")) {
      const frame = svg.getBoundingClientRect();
      const scale = svg.getScreenCTM()?.a ?? 1;
      for (const text of svg.querySelectorAll<SVGTextElement>("text")) {
        const words = text.textContent ?? "";
        const box = text.getBoundingClientRect();
        if (
          box.left < frame.left - 0.5 ||
          box.right > frame.right + 0.5 ||
          box.top < frame.top - 0.5 ||
          box.bottom > frame.bottom + 0.5
        ) {
          problems.push(`«${words}» outside its chart`);
        }
        const drawn = Number.parseFloat(getComputedStyle(text).fontSize) * scale;
        if (drawn < 12) problems.push(`«${words}» drawn at ${drawn.toFixed(1)} px`);
        if (words.includes("…")) {
          const title = text.closest("g")?.querySelector("title")?.textContent ?? "";
          if (!title || title.includes("…")) problems.push(`«${words}» cut without its title`);
        }
      }
    }
    return problems;
  });
}
