import { createHash } from "node:crypto";
import { investorsPage } from "../../content/investors.ts";
import { addressMap } from "../../content/maps.ts";
import { posWidgetOrigin } from "../site/pos-widget.ts";

/** CSP directives in helmet's spelling: name -> sources. */
export type Directives = Record<string, string[]>;

/** The `'sha256-…'` sources of a page's inline `<script>` and `<style>` blocks. */
export type InlineSources = { scripts: string[]; styles: string[]; hasScripts: boolean };

/**
 * Hashes of the inline blocks of one prerendered page, computed when the server loads it: the
 * browser runs an inline block only when its exact text hashes to a listed value, so an injected
 * script never runs and no `'unsafe-inline'` is needed. `hasScripts` also counts external
 * scripts (the appeal form's island module), which need `'self'`.
 */
export function inlineSources(html: string): InlineSources {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  let hasScripts = false;
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    hasScripts = true;
    if (!/\bsrc\s*=/i.test(match[1] ?? "")) scripts.add(hashSource(match[2] ?? ""));
  }
  for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)) {
    styles.add(hashSource(match[1] ?? ""));
  }
  return { scripts: [...scripts], styles: [...styles], hasScripts };
}

function hashSource(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

export type PolicySettings = {
  /** Development only: the page may call the API on http://localhost:8000 (the spec's case). */
  allowLocalhostApi: boolean;
  /** POS_WIDGET_ID is set: /appeals loads the Gosuslugi feedback widget (server/site/pos-widget.ts). */
  posWidget?: boolean;
};

/**
 * What a single page adds to the site-wide policy: the one place to let a page load something
 * from another host. Each entry names the page and the content it serves. A later third-party
 * widget on one page (e.g. the feedback widget on /appeals, only when it is configured) is one
 * more case here, its hosts in `scriptSrc`/`frameSrc`/`connectSrc`.
 */
function pageAllowances(path: string, settings: PolicySettings): Directives {
  switch (path) {
    case "/appeals":
      // The platform's script, and the form it opens in a frame.
      return settings.posWidget
        ? { scriptSrc: [posWidgetOrigin], frameSrc: [posWidgetOrigin] }
        : {};
    case "/contacts":
      return { frameSrc: [new URL(addressMap.src).origin] };
    case "/to_investors":
      return { frameSrc: [new URL(investorsPage.landMap.src).origin] };
    default:
      return {};
  }
}

/**
 * The policy every answer starts from. Nothing framed, nothing framing us, no plugins, no
 * <base>, forms post only here; scripts and styles are added per kind of answer, by hash.
 */
function basePolicy(settings: PolicySettings): Directives {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'none'"],
    styleSrc: ["'none'"],
    imgSrc: ["'self'", "data:"],
    fontSrc: ["'self'"],
    connectSrc: settings.allowLocalhostApi ? ["'self'", "http://localhost:8000"] : ["'self'"],
    frameSrc: ["'none'"],
    formAction: ["'self'"],
    baseUri: ["'none'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
  };
}

/** Adds sources to directives; a directive that allowed nothing ('none') now allows just them. */
function withSources(policy: Directives, added: Directives): Directives {
  const result = { ...policy };
  for (const [name, sources] of Object.entries(added)) {
    if (sources.length === 0) continue;
    const current = (result[name] ?? []).filter((source) => source !== "'none'");
    result[name] = [...current, ...sources.filter((source) => !current.includes(source))];
  }
  return result;
}

/** A prerendered page: its own inline blocks by hash, its own allowances. */
export function prerenderedPagePolicy(
  path: string,
  inline: InlineSources,
  settings: PolicySettings,
): Directives {
  return withSources(
    withSources(basePolicy(settings), {
      scriptSrc: inline.hasScripts ? ["'self'", ...inline.scripts] : [],
      styleSrc: inline.styles,
    }),
    pageAllowances(path, settings),
  );
}

/**
 * Anything else (server-rendered answers, errors, the API, files): the site's own build-time CSS
 * and inline scripts (the low-vision version's two) are allowed by hash, since a server-rendered
 * page carries the same blocks as the prerendered ones. No answer carries inline code of its own,
 * so no nonce is handed out: an injected block runs nowhere.
 */
export function serverAnswerPolicy(
  site: { scripts: string[]; styles: string[] },
  settings: PolicySettings,
): Directives {
  return withSources(basePolicy(settings), {
    scriptSrc: ["'self'", ...site.scripts],
    styleSrc: site.styles,
  });
}
