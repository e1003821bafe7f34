// The main thread's work as a page first renders, from a Chromium performance trace (CDP
// Tracing), each load in a fresh browser as Lighthouse does: the longest task's wall time and
// its CPU time (thread time), and the CPU time by phase (parsing with the inline scripts,
// style, layout, paint). Wall time counts the moments the thread waited for a core, so it moves
// with the host's load; CPU time is the work itself. With --variants, the same page is also
// served without the low-vision CSS, without any of our CSS and without our inline scripts, to
// show their share. Prints figures; passes or fails nothing.
// Usage: npm run build && node bench/first-render-trace.ts [--runs 5] [--variants] [/route ...]
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { chromiumArgs, chromiumPath, siteDir, startSite } from "../tests/e2e/harness.ts";
import { allPages } from "../tests/e2e/site-pages.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: "string", default: "5" }, variants: { type: "boolean" } },
});
const runs = Number(values.runs);
const routes = positionals.length > 0 ? positionals : allPages.map((page) => page.path);

const variants: Record<string, (html: string) => string> = {
  "as served": (html) => html,
  ...(values.variants
    ? {
        "without the low-vision CSS": (html: string) =>
          html.replace(/<style>[^<]*\.lv-bar[^<]*<\/style>/, ""),
        "without any of our CSS": (html: string) => html.replace(/<style>[\s\S]*?<\/style>/g, ""),
        "without our inline scripts": (html: string) =>
          html.replace(/<script>[\s\S]*?<\/script>/g, ""),
      }
    : {}),
};

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
};
const phases: Record<string, string> = {
  ParseHTML: "parse",
  UpdateLayoutTree: "style",
  Layout: "layout",
  PrePaint: "paint",
  Paint: "paint",
};

/** One load in a fresh browser: the longest task (wall, CPU) and the CPU per phase, in ms. */
async function traceLoad(url: string, html: string): Promise<Record<string, number>> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: chromiumArgs,
  });
  try {
    // Lighthouse's mobile viewport.
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
    });
    const page = await context.newPage();
    await page.route(url, (route) =>
      route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
    );
    const cdp = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on("Tracing.dataCollected", (data) =>
      events.push(...(data.value as unknown as TraceEvent[])),
    );
    const complete = new Promise<void>((resolve) =>
      cdp.once("Tracing.tracingComplete", () => resolve()),
    );
    await cdp.send("Tracing.start", {
      traceConfig: {
        includedCategories: ["devtools.timeline", "disabled-by-default-devtools.timeline"],
      },
      transferMode: "ReportEvents",
    });
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(300);
    await cdp.send("Tracing.end");
    await complete;

    const figures: Record<string, number> = { "longest task": 0, "its CPU": 0 };
    const mains = events.filter(
      (event) => event.name === "thread_name" && event.args?.name === "CrRendererMain",
    );
    for (const main of mains) {
      for (const event of events) {
        if (event.pid !== main.pid || event.tid !== main.tid || event.ph !== "X") continue;
        const phase = phases[event.name];
        if (phase) figures[phase] = (figures[phase] ?? 0) + (event.tdur ?? 0) / 1000;
        if (event.name === "RunTask" && (event.dur ?? 0) / 1000 > (figures["longest task"] ?? 0)) {
          figures["longest task"] = (event.dur ?? 0) / 1000;
          figures["its CPU"] = (event.tdur ?? 0) / 1000;
        }
      }
    }
    return figures;
  } finally {
    await browser.close();
  }
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const site = await startSite();
try {
  console.log(
    `First render, ${runs} loads per route and variant, each in a fresh Chromium, mobile viewport; ms, median (worst)`,
  );
  for (const route of routes) {
    const file = route === "/" ? "index.html" : `${route.slice(1)}/index.html`;
    const html = readFileSync(`${siteDir}/${file}`, "utf8");
    const results: Record<string, Record<string, number[]>> = {};
    // Interleaved: a neighbour's load falls on every variant alike.
    for (let run = 0; run < runs; run++) {
      for (const [name, change] of Object.entries(variants)) {
        const figures = await traceLoad(`${site.baseUrl}${route}`, change(html));
        results[name] ??= {};
        for (const [key, value] of Object.entries(figures)) {
          results[name][key] ??= [];
          results[name][key].push(value);
        }
      }
    }
    for (const [name, figures] of Object.entries(results)) {
      const shown = Object.entries(figures).map(([key, list]) => {
        const worst = Math.max(...list);
        return `${key} ${median(list)?.toFixed(1)} (${worst.toFixed(1)})`;
      });
      console.log(`${route.padEnd(24)} ${name.padEnd(28)} ${shown.join(", ")}`);
    }
  }
} finally {
  await site.close();
}
