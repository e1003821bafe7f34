import type { Page } from "playwright-core";

/**
 * Pairs of visible text-bearing elements whose boxes overlap (one line box of each, so an inline
 * element wrapped over two lines is not taken for its bounding rectangle), neither inside the
 * other: text drawn over text. One readable line per pair.
 */
export function overlappingText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      "h1,h2,h3,h4,p,li,a,button,label,legend,th,td,dt,dd,summary,span,strong,input,select,textarea";
    const elements = [...document.querySelectorAll<HTMLElement>(selector)].filter((element) => {
      const box = element.getBoundingClientRect();
      return element.checkVisibility() && box.width > 2 && box.height > 2;
    });
    const boxes = elements.map((element) => [...element.getClientRects()]);
    const found: string[] = [];
    const name = (element: HTMLElement) =>
      `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 24)}"`;
    for (let i = 0; i < elements.length; i++) {
      for (let j = i + 1; j < elements.length; j++) {
        const a = elements[i];
        const b = elements[j];
        if (!a || !b || a.contains(b) || b.contains(a)) continue;
        const overlap = (boxes[i] ?? []).some((x) =>
          (boxes[j] ?? []).some(
            (y) =>
              Math.min(x.right, y.right) - Math.max(x.left, y.left) > 2 &&
              Math.min(x.bottom, y.bottom) - Math.max(x.top, y.top) > 2,
          ),
        );
        if (overlap) found.push(`${name(a)} over ${name(b)}`);
      }
    }
    return found;
  });
}
