// The staff area as a workplace, measured in Chromium on one page of each staff template (sign-in,
// list, an appeal as a registrar sees a new one and as a head sees a drafted answer, templates,
// statistics, the topic page): every control at the text's size (≥ 16 px) and at least 40 px
// tall, a focus ring that shows; no sideways scroll at 320 px and at 200% zoom; axe finds nothing.
// The appeal's page at 1280×900 shows its summary and its first action on the first screen (and
// on a phone the actions come right under the summary); registration numbers and dates never wrap
// inside themselves; each chart's labels are whole, readable (≥ 12 px as drawn) and inside their
// SVG. Every page, the executor's view of a drafted answer too, is valid HTML.
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Browser, BrowserContext, Cookie, Page } from "playwright-core";
import { axeViolations } from "./axe.ts";
import { chartLabelProblems } from "./chart-labels.ts";
import {
  launchBrowser,
  openPage,
  type RunningSite,
  startSite,
  type WatchedPage,
} from "./harness.ts";
import { htmlCheckerErrors } from "./html-checker.ts";
import { bodyHooks, inlineStyles } from "./page-hooks.ts";
import { addAccount, startSession, submitAppeal } from "./staff-pages.ts";

const longComment =
  "Прошу провести агрохимическое обследование земель сельскохозяйственного назначения " +
  "в Кирово-Чепецком районе и сообщить сроки, стоимость и порядок заключения договора.";

/**
 * Where a test goes: the page's address and who looks at it (undefined: signed out); `sweptAs`,
 * the page of the same template whose sweep stands for this one.
 */
type StaffPage = { name: string; path: string; login?: string; sweptAs?: string };

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
 * Each element is read as focus reaches it (a `focusin` listener, the style it has then); the
 * Tabs go in bursts of ten between two reads of what was reached, until focus comes back round.
 * (Reading document.activeElement after each Tab, as before issue 39, took a date field's day,
 * month and year, three Tabs on one element, for focus having come back round: the walk ended
 * at the first date field of a page. A field's parts fire no focusin of their own.)
 */
async function focusProblems(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    const reached: unknown[] = [];
    const record = (event: FocusEvent) => {
      const element = event.target;
      if (!(element instanceof Element)) return;
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
      reached.push({
        key,
        control,
        ring: style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) >= 2,
        darkEdge,
      });
    };
    document.addEventListener("focusin", record);
    Object.assign(window, {
      focusWalk: {
        take: () => reached.splice(0),
        stop: () => document.removeEventListener("focusin", record),
      },
    });
  });
  type Reached = { key: string; control: boolean; ring: boolean; darkEdge: boolean };
  type Walk = { focusWalk: { take(): Reached[]; stop(): void } };
  const problems: string[] = [];
  const seen = new Set<string>();
  let round = false;
  for (let step = 0; step < 120 && !round; ) {
    for (const end = Math.min(step + 10, 120); step < end; step++) {
      await page.keyboard.press("Tab");
    }
    for (const focused of await page.evaluate(() => (window as unknown as Walk).focusWalk.take())) {
      if (seen.has(focused.key)) {
        round = true;
        break;
      }
      seen.add(focused.key);
      if (!focused.control) continue;
      if (!focused.ring) problems.push(`${focused.key}: no focus ring`);
      if (!focused.darkEdge) problems.push(`${focused.key}: no dark edge when focused`);
    }
  }
  // Nothing focused and the page at its top again, as loaded, for the checks that follow.
  await page.evaluate(() => {
    (window as unknown as Walk).focusWalk.stop();
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    window.scrollTo(0, 0);
  });
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

/** The statistics' charts: labels outside their SVG, too small, cut, or not drawn whole. */
async function chartProblems(page: Page): Promise<string[]> {
  const found = await chartLabelProblems(page);
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
  return [...found, ...cut.map((label) => `${label} not drawn whole`)];
}

describe("the staff area as a workplace", () => {
  let site: RunningSite;
  let browser: Browser;
  let pages: StaffPage[];
  let fresh: { id: string; number: string };
  let drafted: { id: string; number: string };
  // Each viewer signs in once, through the form, while the appeals are prepared: every page
  // after that opens with the cookies of that sign-in.
  const sessions = new Map<string, Cookie[]>();

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
      const signedIn = async (login: string) => {
        await page.context().clearCookies();
        await startSession(page, site, login);
        await page.getByRole("heading", { name: "Обращения граждан" }).waitFor();
        sessions.set(login, await page.context().cookies());
      };
      await signedIn("rita");
      await page.goto(`${site.baseUrl}/staff/appeals/${drafted.id}`);
      await page.getByRole("form", { name: "Зарегистрировать" }).getByRole("button").click();
      await page.getByTestId("appeal-state").getByText("Зарегистрировано").waitFor();
      const assign = page.getByRole("form", { name: "Назначить исполнителя" });
      await assign.getByLabel("Исполнитель").selectOption("ivan");
      await assign.getByRole("button").click();
      await page.getByTestId("assignee").getByText("ivan").waitFor();
      await signedIn("ivan");
      await page.goto(`${site.baseUrl}/staff/appeals/${drafted.id}`);
      const form = page.getByRole("form", { name: "Ответ гражданину" });
      await form.getByLabel("Текст ответа").fill("Обследование весной.");
      await form.getByRole("button", { name: "Передать на согласование" }).click();
      await page.getByRole("heading", { name: "Проект ответа: на согласовании" }).waitFor();
      await signedIn("galina");
      await page.goto(`${site.baseUrl}/staff/templates`);
      const template = page.getByRole("form", { name: "Новый шаблон" });
      await template.getByLabel("Название").fill("Сроки обследования");
      await template.getByLabel("Текст").fill("Уважаемый(ая) {name}! Обследование весной.");
      await template.getByRole("button").click();
      await page.getByRole("region", { name: "Сроки обследования" }).waitFor();
    } finally {
      await close();
    }

    // One page of each template (issue 39). Every staff page has the same CSS (the layout's
    // staffStyles); a template is the route's component and what it shows:
    //   /staff/login              sign-in (staff-login.tsx)
    //   /staff                    the list (staff-list.tsx)
    //   /staff/appeals/:id        the appeal (staff-appeal.tsx), twice, as its states and viewers
    //                             differ in what it carries: a new appeal as the registrar sees it
    //                             (its deadline and tags), a drafted answer as the head sees it
    //                             (fieldsets, radios, the draft's marks); the drafted answer as
    //                             the executor sees it has nothing the head's lacks (checked
    //                             below), so the sweeps stand on the head's
    //   /staff/templates          reply templates (staff-templates.tsx)
    //   /staff/statistics         statistics and its charts (staff-statistics.tsx)
    //   /staff/appeals/:id/topic  the topic (staff-appeal-topic.tsx)
    // The HTML check reads all eight. Before, every sweep visited all eight.
    pages = [
      { name: "sign-in", path: "/staff/login" },
      { name: "list", path: "/staff", login: "rita" },
      { name: "a new appeal, registrar", path: `/staff/appeals/${fresh.id}`, login: "rita" },
      { name: "a drafted answer, head", path: `/staff/appeals/${drafted.id}`, login: "galina" },
      {
        name: "a drafted answer, executor",
        path: `/staff/appeals/${drafted.id}`,
        login: "ivan",
        sweptAs: "a drafted answer, head",
      },
      { name: "templates", path: "/staff/templates", login: "galina" },
      { name: "statistics", path: "/staff/statistics", login: "galina" },
      { name: "topic", path: `/staff/appeals/${fresh.id}/topic`, login: "galina" },
    ];
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  // Two contexts for the file (a context costs Chromium a renderer process, decision 0035): one
  // whose page is resized from 1280×900 down to 320 px on each load, and one at 200% zoom, which
  // needs a device scale factor of 2, a context's option. The staff pages run no script, so a
  // resized page is laid out as one loaded at that size. A viewer is a set of cookies.
  const contexts = new Map<"wide" | "zoom", WatchedPage>();
  after(async () => {
    for (const watched of contexts.values()) await watched.close();
  });
  async function pageAs(kind: "wide" | "zoom", login: string | undefined) {
    let watched = contexts.get(kind);
    if (!watched) {
      watched = await openPage(
        browser,
        kind === "wide"
          ? { viewport: { width: 1280, height: 900 } }
          : { viewport: { width: 640, height: 450 }, deviceScaleFactor: 2 },
      );
      contexts.set(kind, watched);
    }
    await viewAs(watched.page.context(), login);
    watched.consoleErrors.length = 0;
    return watched;
  }
  async function viewAs(context: BrowserContext, login: string | undefined) {
    await context.clearCookies();
    const cookies = login ? sessions.get(login) : [];
    assert.ok(cookies, `${login} signed in`);
    await context.addCookies(cookies);
  }

  /** What each swept page shows at each width, all on one load (and one more at 200% zoom). */
  async function sweep(where: StaffPage): Promise<string[]> {
    const found: string[] = [];
    const note = (at: string, problems: string[]) => {
      for (const problem of problems) found.push(`${at}: ${problem}`);
    };
    const wide = await pageAs("wide", where.login);
    const { page } = wide;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${site.baseUrl}${where.path}`);

    // 1280×900: the first screen, the controls, axe, the numbers, the charts; the focus ring last,
    // as Tab moves focus and scrolls.
    note("1280 px", await firstScreenProblems(page, where));
    note("1280 px", await controlProblems(page));
    note("1280 px axe", await axeViolations(page));
    note(
      "1280 px",
      (await wrappedNumbers(page)).map((text) => `«${text}» wraps`),
    );
    if (where.name === "statistics") note("1280 px", await chartProblems(page));
    note("1280 px", await focusProblems(page));

    await page.setViewportSize({ width: 1024, height: 768 });
    note(
      "1024 px",
      (await wrappedNumbers(page)).map((text) => `«${text}» wraps`),
    );

    if (where.name === "a new appeal, registrar" || where.name === "statistics") {
      await page.setViewportSize({ width: 414, height: 896 });
      if (where.name === "statistics") note("414 px", await chartProblems(page));
      else note("414 px", await phoneOrderProblems(page));
    }

    await page.setViewportSize({ width: 320, height: 640 });
    note("320 px axe", await axeViolations(page));
    const narrow = await sidewaysScroll(page);
    if (narrow !== 0) found.push(`320 px: ${narrow} px sideways scroll`);
    note(
      "320 px",
      (await wrappedNumbers(page)).map((text) => `«${text}» wraps`),
    );
    if (where.name === "statistics") note("320 px", await chartProblems(page));
    note("console", wide.consoleErrors);

    const zoom = await pageAs("zoom", where.login);
    await zoom.page.goto(`${site.baseUrl}${where.path}`);
    const zoomed = await sidewaysScroll(zoom.page);
    if (zoomed !== 0) found.push(`200% zoom: ${zoomed} px sideways scroll`);
    if (where.name === "statistics") note("200% zoom", await chartProblems(zoom.page));
    note("200% zoom console", zoom.consoleErrors);
    return found;
  }

  /**
   * At 1280×900 the appeal's summary and its first action are on the first screen: for a new
   * appeal, as the registrar sees it, its state, assignee and the register button; for a drafted
   * answer, as the head sees it, the approve button and the executor.
   */
  async function firstScreenProblems(page: Page, where: StaffPage): Promise<string[]> {
    const problems: string[] = [];
    const bottom = (box: { y: number; height: number } | null) =>
      box ? box.y + box.height : Infinity;
    if (where.name === "a new appeal, registrar") {
      const registrar = {
        state: (await page.getByTestId("appeal-state").boundingBox())?.y ?? Infinity,
        assignee: (await page.getByTestId("assignee").boundingBox())?.y ?? Infinity,
        register: bottom(
          await page
            .getByRole("form", { name: "Зарегистрировать" })
            .getByRole("button")
            .boundingBox(),
        ),
      };
      for (const [what, y] of Object.entries(registrar)) {
        if (!(y <= 900)) problems.push(`registrar: ${what} at ${y} px, below the first screen`);
      }
      // Issue 44: the citizen's text begins on the first screen, and the step to take is the
      // page's only primary button (every other action looks different).
      const text = (await page.getByTestId("appeal-comment").boundingBox())?.y ?? Infinity;
      if (!(text <= 900 - 48)) problems.push(`registrar: the citizen's text at ${text} px`);
      const primary = await page
        .locator(".staff-button:not(.staff-button--secondary)")
        .evaluateAll((buttons) =>
          buttons.map((button) => button.textContent?.trim() ?? "").filter((text) => text !== ""),
        );
      if (primary.join() !== "Зарегистрировать")
        problems.push(`registrar: primary buttons ${JSON.stringify(primary)}`);
    }
    if (where.name === "a drafted answer, head") {
      const approve = bottom(
        await page
          .getByRole("form", { name: "Утвердить и отправить" })
          .getByRole("button")
          .boundingBox(),
      );
      if (!(approve <= 900)) problems.push(`head: approve at ${approve}`);
      const assignee = (await page.getByTestId("assignee").boundingBox())?.y ?? Infinity;
      if (!(assignee <= 900)) problems.push("head: the executor not on the first screen");
    }
    return problems;
  }

  /** On a phone the actions come right under the summary, before the appeal's text. */
  async function phoneOrderProblems(page: Page): Promise<string[]> {
    const register = await page
      .getByRole("form", { name: "Зарегистрировать" })
      .getByRole("button")
      .boundingBox();
    const text = await page.getByTestId("appeal-comment").boundingBox();
    const state = await page.getByTestId("appeal-state").boundingBox();
    if (!register || !text || !state) return ["the state, the register button or the text missing"];
    const problems: string[] = [];
    if (!(state.y < register.y)) problems.push("the summary not first");
    if (!(register.y < text.y)) problems.push("the action not before the appeal's text");
    return problems;
  }

  // The sweeps of each page, which were one test per kind of check over every page: here one
  // test per page, every kind of check on its one load.
  const swept = [
    ["sign-in", ""],
    ["list", ""],
    [
      "a new appeal, registrar",
      "; at 1280×900 its summary and first action on the first screen; on a 414 px phone the actions right under the summary",
    ],
    ["a drafted answer, head", "; at 1280×900 its approve button and executor on the first screen"],
    ["templates", ""],
    [
      "statistics",
      "; every chart label whole, readable and inside its SVG at 1280, 414, 320 px and 200% zoom",
    ],
    ["topic", ""],
  ] as const;
  for (const [name, more] of swept) {
    test(`${name}: controls at the text's size, 40 px tall, a focus ring that shows; axe at 1280 and 320 px; no sideways scroll at 320 px and 200% zoom; numbers unwrapped at 1280, 1024 and 320 px${more}`, async () => {
      const where = pages.find((candidate) => candidate.name === name);
      assert.ok(where && !where.sweptAs, name);
      assert.deepEqual(await sweep(where), []);
    });
  }

  // The HTML as the server sends it to each viewer (the context's request, with its cookies):
  // no page load needed.
  const served = new Map<string, string>();
  async function htmlOf(where: StaffPage): Promise<string> {
    const known = served.get(where.name);
    if (known !== undefined) return known;
    const { page } = await pageAs("wide", where.login);
    const html = await (await page.request.get(`${site.baseUrl}${where.path}`)).text();
    served.set(where.name, html);
    return html;
  }

  test("a page not swept has nothing the swept pages lack: the same CSS, no element or class of its own", async () => {
    const sweptHooks = new Set<string>();
    for (const where of pages.filter((candidate) => !candidate.sweptAs)) {
      for (const hook of bodyHooks(await htmlOf(where))) sweptHooks.add(hook);
    }
    for (const where of pages.filter((candidate) => candidate.sweptAs)) {
      const stand = pages.find((candidate) => candidate.name === where.sweptAs);
      assert.ok(stand, where.name);
      const own = await htmlOf(where);
      assert.deepEqual(inlineStyles(own), inlineStyles(await htmlOf(stand)), where.name);
      assert.deepEqual(
        bodyHooks(own).filter((hook) => !sweptHooks.has(hook)),
        [],
        `${where.name}: not on any swept page`,
      );
    }
  });

  test("every staff page is valid HTML (W3C checker)", async () => {
    const dir = await mkdtemp(join(tmpdir(), "staff-html-"));
    try {
      const files: string[] = [];
      for (const where of pages) {
        const file = join(dir, `${files.length}.html`);
        await writeFile(file, await htmlOf(where));
        files.push(file);
      }
      const messages = await htmlCheckerErrors(files);
      assert.deepEqual(
        messages.map((message) => `${message.url}: ${message.message}`),
        [],
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
