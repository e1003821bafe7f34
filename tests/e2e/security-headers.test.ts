// The built site's Content-Security-Policy, whole, on every route, with the hashes worked out
// here from the HTML served; and in Chromium, no route breaks its own policy.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, test } from "node:test";
import { openPage, siteAndBrowserForTests } from "./harness.ts";
import { allPages } from "./site-pages.ts";

const env = siteAndBrowserForTests();

// The only frame hosts, each on the one page that embeds it (content/maps.ts, investors.ts).
const frames: Record<string, string> = {
  "/contacts": "https://yandex.ru",
  "/to_investors": "https://land-map.agrochem-kirov.example",
};

function hashes(html: string, pattern: RegExp): string[] {
  const found = [...html.matchAll(pattern)].map(
    (match) =>
      `'sha256-${createHash("sha256")
        .update(match[1] ?? "")
        .digest("base64")}'`,
  );
  return [...new Set(found)];
}

function expectedPolicy(path: string, html: string): string {
  const inlineScripts = hashes(html, /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g);
  const anyScript = /<script\b/.test(html);
  const styles = hashes(html, /<style[^>]*>([\s\S]*?)<\/style>/g);
  return [
    "default-src 'self'",
    `script-src ${anyScript ? ["'self'", ...inlineScripts].join(" ") : "'none'"}`,
    `style-src ${styles.length > 0 ? styles.join(" ") : "'none'"}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${frames[path] ?? "'none'"}`,
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join(";");
}

describe("the whole policy of every route", () => {
  for (const path of [...allPages.map((page) => page.path), "/no-such-page"]) {
    test(path, async () => {
      const response = await fetch(`${env.site.baseUrl}${path}`);
      const policy = response.headers.get("content-security-policy") ?? "";
      assert.equal(policy, expectedPolicy(path, await response.text()));
      assert.doesNotMatch(policy, /unsafe-inline|unsafe-eval/);
      assert.equal(
        response.headers.get("strict-transport-security"),
        "max-age=31536000; includeSubDomains",
      );
      assert.equal(response.headers.get("cross-origin-opener-policy"), "same-origin");
      assert.equal(response.headers.get("x-frame-options"), "DENY");
    });
  }
});

test("in Chromium no route breaks its policy: every inline script and style is allowed", async () => {
  const violations: string[] = [];
  for (const page of allPages) {
    const watched = await openPage(env.browser);
    try {
      await watched.page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      await watched.page.goto(`${env.site.baseUrl}${page.path}`);
      await watched.page.waitForLoadState("networkidle");
      violations.push(
        ...watched.consoleErrors
          .filter((message) => /CSP violation|Content Security Policy/.test(message))
          .map((message) => `${page.path}: ${message}`),
      );
    } finally {
      await watched.close();
    }
  }
  assert.deepEqual(violations, []);
});
