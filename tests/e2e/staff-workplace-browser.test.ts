// The staff area as a workplace, measured in Chromium on every staff page (sign-in, list, an
// appeal as a registrar and as a head, templates, statistics, the topic page): every control at
// the text's size (≥ 16 px) and at least 40 px tall, a focus ring that shows; no sideways scroll at
// 320 px and at 200% zoom; axe finds nothing. The appeal's page at 1280×900 shows its summary and
// its first action on the first screen (and on a phone the actions come right under the summary);
// registration numbers and dates never wrap inside themselves; each chart's labels are whole,
// readable (≥ 12 px as drawn) and inside their SVG.
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { chartLabelProblems } from "./chart-labels.ts";
import {
  launchBrowser,
  openPage,
  type RunningSite,
  startSite,
  type WatchedPage,
} from "./harness.ts";
import { htmlCheckerErrors } from "./html-checker.ts";
import { addAccount, assertAccessible, signIn, submitAppeal } from "./staff-pages.ts";

const longComment =
  "Прошу провести агрохимическое обследование земель сельскохозяйственного назначения " +
  "в Кирово-Чепецком районе и сообщить сроки, стоимость и порядок заключения договора.";

/** Where a test goes: the page's address and who looks at it (undefined: signed out). */
type StaffPage = { name: string; path: string; login?: string };

/** Controls smaller than the text's size or shorter than 40 px, one line each. */
function controlProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}[name=${element.getAttribute("name") ?? ""}] «${(element.textContent ?? "").trim().slice(0, 30)}»`;
    for (const element of document.querySelectorAll<HTMLElement>(
      "input, select, textarea, button",
    )) {
      if (element instanceof HTMLInputElement && element.type === "hidden") continue;
      if (!element.checkVisibility()) continue;
      const choice =
        element instanceof HTMLInputElement && ["radio", "checkbox"].includes(element.type);
      // A radio or a checkbox: its label is the target and carries the words.
      const target = choice ? element.closest("label") : element;
      if (!target) {
        problems.push(`${name(element)}: no label around it`);
        continue;
      }
      const font = Number.parseFloat(getComputedStyle(target).fontSize);
      const height = target.getBoundingClientRect().height;
      if (font < 16) problems.push(`${name(element)}: ${font} px text`);
      if (height < 39.5) problems.push(`${name(element)}: ${height.toFixed(1)} px tall`);
    }
    return problems;
  });
}

/**
 * Tabs through the page; every control that takes focus shows a ring at least 2 px wide and a
 * dark edge (3:1 against white at least) besides the yellow, which alone is too pale on white.
 */
async function focusProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (let step = 0; step < 120; step++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return undefined;
      const control = element.matches("input, select, textarea, button");
      const style = getComputedStyle(element);
      const luminance = (rgb: number[]) => {
        const [r = 0, g = 0, b = 0] = rgb.map((value) => {
          const channel = value / 255;
          return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const colours = [style.borderTopColor, style.boxShadow]
        .flatMap((text) => [...text.matchAll(/rgba?\(([^)]*)\)/g)])
        .map((match) => (match[1] ?? "").split(",").map((part) => Number.parseFloat(part)))
        .filter((rgb) => rgb.length < 4 || (rgb[3] ?? 1) > 0.5);
      const darkEdge = colours.some((rgb) => 1.05 / (luminance(rgb) + 0.05) >= 3);
      const key = `${element.tagName}#${element.id}[${element.getAttribute("name")}]${element.textContent?.trim().slice(0, 20)}`;
      return {
        key,
        control,
        ring: style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) >= 2,
        darkEdge,
      };
    });
    if (!focused) continue;
    if (seen.has(focused.key)) break;
    seen.add(focused.key);
    if (!focused.control) continue;
    if (!focused.ring) problems.push(`${focused.key}: no focus ring`);
    if (!focused.darkEdge) problems.push(`${focused.key}: no dark edge when focused`);
  }
  return problems;
}

function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** Registration numbers, dates and moments drawn over more than one line. */
function wrappedNumbers(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("main time, main a, main h1 span, main td")]
      .filter((element) =>
        /^(А-\d{4}-\d{6}|\d{2}\.\d{2}\.\d{4}(, \d{2}:\d{2})?)$/.test(
          element.textContent?.trim() ?? "",
        ),
      )
      .filter((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return lines.size > 1;
      })
      .map((element) => element.textContent?.trim() ?? ""),
  );
}

describe("the staff area as a workplace", () => {
  let site: RunningSite;
  let browser: Browser;
  let pages: StaffPage[];
  let fresh: { id: string; number: string };
  let drafted: { id: string; number: string };

  before(async () => {
    site = await startSite();
    browser = await launchBrowser();
    await addAccount(site, "rita", { role: "registrar" });
    await addAccount(site, "ivan", { role: "executor" });
    await addAccount(site, "galina", { role: "head" });
    fresh = await submitAppeal(site, { comment: longComment });
    drafted = await submitAppeal(site, { last_name: "Петрова" });
    for (let index = 0; index < 3; index++) await submitAppeal(site, { comment: longComment });

    // The second appeal: registered, assigned, its answer drafted and waiting for the head.
    const { page, close } = await openPage(browser);
    try {
      await signIn(page, site.baseUrl, "rita");
      await page.goto(`${site.baseUrl}/staff/appeals/${drafted.id}`);
      await page.getByRole("form", { name: "Зарегистрировать" }).getByRole("button").click();
      await page.getByTestId("appeal-state").getByText("Зарегистрировано").waitFor();
      const assign = page.getByRole("form", { name: "Назначить исполнителя" });
      await assign.getByLabel("Исполнитель").selectOption("ivan");
      await assign.getByRole("button").click();
      await page.getByTestId("assignee").getByText("ivan").waitFor();
      await page.context().clearCookies();
      await signIn(page, site.baseUrl, "ivan");
      await page.goto(`${site.baseUrl}/staff/appeals/${drafted.id}`);
      const form = page.getByRole("form", { name: "Ответ гражданину" });
      await form.getByLabel("Текст ответа").fill("Обследование весной.");
      await form.getByRole("button", { name: "Передать на согласование" }).click();
      await page.getByRole("heading", { name: "Проект ответа: на согласовании" }).waitFor();
      await page.context().clearCookies();
      await signIn(page, site.baseUrl, "galina");
      await page.goto(`${site.baseUrl}/staff/templates`);
      const template = page.getByRole("form", { name: "Новый шаблон" });
      await template.getByLabel("Название").fill("Сроки обследования");
      await template.getByLabel("Текст").fill("Уважаемый(ая) {name}! Обследование весной.");
      await template.getByRole("button").click();
      await page.getByRole("region", { name: "Сроки обследования" }).waitFor();
    } finally {
      await close();
    }

    pages = [
      { name: "sign-in", path: "/staff/login" },
      { name: "list", path: "/staff", login: "rita" },
      { name: "a new appeal, registrar", path: `/staff/appeals/${fresh.id}`, login: "rita" },
      { name: "a drafted answer, head", path: `/staff/appeals/${drafted.id}`, login: "galina" },
      { name: "a drafted answer, executor", path: `/staff/appeals/${drafted.id}`, login: "ivan" },
      { name: "templates", path: "/staff/templates", login: "galina" },
      { name: "statistics", path: "/staff/statistics", login: "galina" },
      { name: "topic", path: `/staff/appeals/${fresh.id}/topic`, login: "galina" },
    ];
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  // Each viewer signs in once through the form; the pages open in fresh contexts with that
  // session's cookies (a sign-in costs a deliberately slow password hash: 48 of them took a
  // third of this file's time).
  const sessions = new Map<string, BrowserContextOptions["storageState"]>();
  async function sessionOf(login: string) {
    const known = sessions.get(login);
    if (known) return known;
    const { page, close } = await openPage(browser);
    try {
      await signIn(page, site.baseUrl, login);
      await page.getByRole("heading", { name: "Обращения граждан" }).waitFor();
      const state = await page.context().storageState();
      sessions.set(login, state);
      return state;
    } finally {
      await close();
    }
  }

  // One browser context per viewer and set of options, kept for the file: a new context costs
  // Chromium a renderer process (about 0.3 s of a core here), and the sweeps below visit the
  // eight pages nine times over (decision 0035).
  const opened = new Map<string, WatchedPage>();
  after(async () => {
    for (const watched of opened.values()) await watched.close();
  });
  async function pageFor(options: Parameters<typeof openPage>[1], login: string | undefined) {
    const key = JSON.stringify([options ?? {}, login ?? null]);
    const known = opened.get(key);
    if (known) return known;
    const storageState = login ? await sessionOf(login) : undefined;
    const watched = await openPage(browser, { ...options, storageState });
    opened.set(key, watched);
    return watched;
  }

  /** Opens each staff page signed in as its viewer, in a context with these options. */
  async function eachPage(
    options: Parameters<typeof openPage>[1],
    check: (page: Page, where: StaffPage) => Promise<void>,
  ) {
    for (const where of pages) {
      const { page, consoleErrors } = await pageFor(options, where.login);
      consoleErrors.length = 0;
      await page.goto(`${site.baseUrl}${where.path}`);
      await check(page, where);
      assert.deepEqual(consoleErrors, [], where.name);
    }
  }

  test("every control at the text's size, 40 px tall at least, with a focus ring that shows", async () => {
    const found: string[] = [];
    await eachPage({ viewport: { width: 1280, height: 900 } }, async (page, where) => {
      for (const problem of await controlProblems(page)) found.push(`${where.name}: ${problem}`);
      for (const problem of await focusProblems(page)) found.push(`${where.name}: ${problem}`);
    });
    assert.deepEqual(found, []);
  });

  test("axe finds nothing on any staff page, wide and on a 320 px phone", async () => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 320, height: 640 },
    ]) {
      await eachPage({ viewport }, async (page) => {
        await assertAccessible(page);
      });
    }
  });

  test("no sideways scroll of any staff page at 320 px and at 200% zoom", async () => {
    const found: string[] = [];
    for (const [name, options] of [
      ["320 px", { viewport: { width: 320, height: 640 } }],
      ["200% zoom", { viewport: { width: 640, height: 450 }, deviceScaleFactor: 2 }],
    ] as const) {
      await eachPage(options, async (page, where) => {
        const overflow = await sidewaysScroll(page);
        if (overflow !== 0) found.push(`${where.name} at ${name}: ${overflow} px`);
      });
    }
    assert.deepEqual(found, []);
  });

  test("every staff page is valid HTML (W3C checker)", async () => {
    const dir = await mkdtemp(join(tmpdir(), "staff-html-"));
    try {
      const files: string[] = [];
      await eachPage({}, async (page, where) => {
        // The page as the server sent it, with the viewer's cookies.
        const html = await (await page.request.get(`${site.baseUrl}${where.path}`)).text();
        const file = join(dir, `${files.length}.html`);
        await writeFile(file, html);
        files.push(file);
      });
      const messages = await htmlCheckerErrors(files);
      assert.deepEqual(
        messages.map((message) => `${message.url}: ${message.message}`),
        [],
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("at 1280×900 the appeal's summary and its first action are on the first screen", async () => {
    const { page, close } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      await signIn(page, site.baseUrl, "rita");
      await page.getByRole("heading", { name: "Обращения граждан" }).waitFor();
      await page.goto(`${site.baseUrl}/staff/appeals/${fresh.id}`);
      const bottoms = async () => ({
        state: (await page.getByTestId("appeal-state").boundingBox())?.y ?? Infinity,
        assignee: (await page.getByTestId("assignee").boundingBox())?.y ?? Infinity,
        register: await page
          .getByRole("form", { name: "Зарегистрировать" })
          .getByRole("button")
          .boundingBox()
          .then((box) => (box ? box.y + box.height : Infinity)),
      });
      const registrar = await bottoms();
      for (const [what, y] of Object.entries(registrar)) {
        assert.ok(y <= 900, `registrar: ${what} at ${y} px, below the first screen`);
      }

      await page.context().clearCookies();
      await signIn(page, site.baseUrl, "galina");
      await page.getByRole("heading", { name: "Обращения граждан" }).waitFor();
      await page.goto(`${site.baseUrl}/staff/appeals/${drafted.id}`);
      const approve = await page
        .getByRole("form", { name: "Утвердить и отправить" })
        .getByRole("button")
        .boundingBox();
      assert.ok(approve && approve.y + approve.height <= 900, `head: approve at ${approve?.y}`);
      const assignee = await page.getByTestId("assignee").boundingBox();
      assert.ok(assignee && assignee.y <= 900, "head: the executor on the first screen");
    } finally {
      await close();
    }
  });

  test("on a 414 px phone the actions come right under the summary, before the appeal's text", async () => {
    const { page, close } = await openPage(browser, { viewport: { width: 414, height: 896 } });
    try {
      await signIn(page, site.baseUrl, "rita");
      await page.getByRole("heading", { name: "Обращения граждан" }).waitFor();
      await page.goto(`${site.baseUrl}/staff/appeals/${fresh.id}`);
      const register = await page
        .getByRole("form", { name: "Зарегистрировать" })
        .getByRole("button")
        .boundingBox();
      const text = await page.getByTestId("appeal-comment").boundingBox();
      const state = await page.getByTestId("appeal-state").boundingBox();
      assert.ok(register && text && state);
      assert.ok(state.y < register.y, "the summary first");
      assert.ok(register.y < text.y, "the action before the appeal's text");
    } finally {
      await close();
    }
  });

  test("registration numbers and dates never wrap inside themselves", async () => {
    const found: string[] = [];
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 1024, height: 768 },
      { width: 320, height: 640 },
    ]) {
      await eachPage({ viewport }, async (page, where) => {
        for (const text of await wrappedNumbers(page)) {
          found.push(`${where.name} at ${viewport.width} px: «${text}»`);
        }
      });
    }
    assert.deepEqual(found, []);
  });

  test("statistics: every chart label whole, readable and inside its SVG, at any width", async () => {
    const found: string[] = [];
    for (const [name, options] of [
      ["1280 px", { viewport: { width: 1280, height: 900 } }],
      ["414 px", { viewport: { width: 414, height: 896 } }],
      ["320 px", { viewport: { width: 320, height: 640 } }],
      ["200% zoom", { viewport: { width: 640, height: 450 }, deviceScaleFactor: 2 }],
    ] as const) {
      const { page, close } = await openPage(browser, options);
      try {
        await signIn(page, site.baseUrl, "galina");
        await page.getByRole("heading", { name: "Обращения граждан" }).waitFor();
        await page.goto(`${site.baseUrl}/staff/statistics`);
        for (const problem of await chartLabelProblems(page)) found.push(`${name}: ${problem}`);
        // Each row's label is drawn whole (over one or more lines) in its chart.
        const cut = await page.locator("section[data-figure]").evaluateAll((sections) =>
          sections.flatMap((section) => {
            // A row's label: the chart's label class, or (as drawn before) the right-aligned text.
            const texts = [...section.querySelectorAll("svg text.bar-chart__label")];
            const labels = texts.length
              ? texts
              : [...section.querySelectorAll("svg text[text-anchor='end']")];
            const drawn = labels.map((text) =>
              text.querySelectorAll("tspan").length > 0
                ? [...text.querySelectorAll("tspan")].map((line) => line.textContent).join(" ")
                : (text.textContent ?? ""),
            );
            const rows = [...section.querySelectorAll("tbody th")].map((th) => th.textContent);
            return drawn
              .filter((label) => !rows.includes(label))
              .map((label) => `${section.getAttribute("data-figure")}: «${label}»`);
          }),
        );
        for (const label of cut) found.push(`${name}: ${label} not drawn whole`);
      } finally {
        await close();
      }
    }
    assert.deepEqual(found, []);
  });
});
