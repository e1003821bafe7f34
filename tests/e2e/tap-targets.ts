import type { Page } from "playwright-core";

/**
 * What a page at its current width does that a phone user cannot work with (issue 44): an
 * element wider than the screen, and a tap target (link, button, field, summary) under 44 × 44
 * CSS px. A link inside a sentence is exempt, as WCAG 2.5.8 exempts inline targets: its block
 * holds more words than the link. Hidden elements are not targets.
 */
export function phoneProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(" ")[0]}` : ""} «${(element.textContent ?? "").trim().slice(0, 30)}»`;
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 0 && box.height > 0 && style.visibility !== "hidden";
    };
    for (const element of document.querySelectorAll("body *")) {
      if (!visible(element)) continue;
      // Inside a region that scrolls sideways on its own, the page itself does not.
      if (element.closest(".table-scroll, .anchor-bar__list, .services-tabs__list")) continue;
      const box = element.getBoundingClientRect();
      if (box.right > width + 0.5 || box.left < -0.5) problems.push(`wider: ${describe(element)}`);
    }
    const targets = document.querySelectorAll(
      "a[href], button, input:not([type=hidden]), select, textarea, summary",
    );
    for (const target of targets) {
      if (!visible(target) || target.closest(".visually-hidden")) continue;
      // Skip links and the like that only appear on focus (the skip link).
      if (target.classList.contains("skip-link")) continue;
      if (target.tagName === "A") {
        const block = target.closest("p, li, td, dd, figcaption, h1, h2, h3, h4");
        const words = (block?.textContent ?? "").trim();
        if (block && words.length > (target.textContent ?? "").trim().length + 2) continue;
      }
      const box = target.getBoundingClientRect();
      if (box.height < 43.5 || box.width < 43.5)
        problems.push(`${Math.round(box.width)}×${Math.round(box.height)}: ${describe(target)}`);
    }
    return problems;
  });
}
