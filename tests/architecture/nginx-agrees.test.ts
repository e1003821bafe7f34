// Issue 41: nginx's body limits and its upload locations (deploy/nginx/agrochem-site.conf) are
// written by hand, so they are checked here against the values the server itself uses: the
// largest ordinary body (server/http/body-limits.ts), every address that takes files
// (server/pages/page-routes.ts, the API's appeal) with the bound the server reads a refused upload
// to (server/attachments/refused-body.ts), and the words nginx answers a body past it with.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { formErrorKey } from "../../domain/appeals/appeal-fields.ts";
import { appealFileMessages } from "../../domain/appeals/appeal-files.ts";
import { editablePages } from "../../domain/site-content/site-editions.ts";
import { appealApiPaths } from "../../server/appeals/api-routes.ts";
import { refusedBodyBound } from "../../server/attachments/refused-body.ts";
import { appealFileRules, type FileRules } from "../../server/attachments/upload-rules.ts";
import { bodyLimits } from "../../server/http/body-limits.ts";
import { pageRoutes } from "../../server/pages/page-routes.ts";
import { repositoryRoot } from "./import-boundaries.ts";

type Block = { name: string; args: string[]; children: Block[] };

/** nginx's configuration as nested directives: enough of its grammar for this file. */
function parseNginx(text: string): Block[] {
  const tokens = [...text.replace(/^\s*#.*$/gm, "").matchAll(/'[^']*'|"[^"]*"|[{};]|[^\s{};]+/g)];
  let at = 0;
  const block = (): Block[] => {
    const directives: Block[] = [];
    let words: string[] = [];
    while (at < tokens.length) {
      const token = tokens[at++]?.[0] ?? "";
      if (token === "}") break;
      if (token === ";") {
        const [name = "", ...args] = words;
        directives.push({ name, args, children: [] });
        words = [];
      } else if (token === "{") {
        const [name = "", ...args] = words;
        directives.push({ name, args, children: block() });
        words = [];
      } else {
        words.push(token);
      }
    }
    return directives;
  };
  return block();
}

/** '64k', '11m', '1024': bytes. */
function bytesOf(size: string): number {
  const match = /^(\d+)([km]?)$/i.exec(size);
  assert.ok(match, `not an nginx size: ${size}`);
  const unit = { "": 1, k: 1024, m: 1024 * 1024 }[match[2]?.toLowerCase() ?? ""] ?? 1;
  return Number(match[1]) * unit;
}

const directive = (block: Block, name: string) =>
  block.children.find((child) => child.name === name)?.args[0];

const nginxConfPath = join(repositoryRoot, "deploy/nginx/agrochem-site.conf");

/** The HTTPS server block: the one that passes requests to the app servers. */
function siteServer(): Block {
  const servers = parseNginx(readFileSync(nginxConfPath, "utf8")).filter(
    (block) => block.name === "server",
  );
  const site = servers.find((server) =>
    server.children.some((child) => child.name === "listen" && child.args.includes("ssl")),
  );
  assert.ok(site, "the conf has an HTTPS server block");
  return site;
}

/** A concrete address for a route's path: a sample id, a sample page under a wildcard. */
const concrete = (path: string) =>
  path.replace(":id", "0b0e7a8c-1f2d-4e5f-8a9b-0c1d2e3f4a5b").replace("*", "registry");

/** Every address that takes files, with its rules. */
const uploads = new Map<string, FileRules>([
  ...pageRoutes.flatMap((route): [string, FileRules][] =>
    route.body.multipart ? [[concrete(route.path), route.body.multipart]] : [],
  ),
  ...appealApiPaths.map((path): [string, FileRules] => [path, appealFileRules]),
]);

/** Addresses that must keep the ordinary limit: every other route, every page's editor. */
const ordinary = [
  ...pageRoutes.map((route) => concrete(route.path)),
  ...Object.keys(editablePages).map((page) => `/staff/site/${page}`),
  "/api/users/appeals/other",
].filter((path) => !uploads.has(path));

/** The regex locations that set their own body limit, by the address each matches. */
function largeLocations(server: Block) {
  return server.children
    .filter((child) => child.name === "location" && child.args[0] === "~")
    .flatMap((location) => {
      const size = directive(location, "client_max_body_size");
      return size === undefined
        ? []
        : [{ pattern: new RegExp(location.args[1] ?? ""), bytes: bytesOf(size), location }];
    });
}

test("nginx: the ordinary body limit is the largest the server takes without files", () => {
  const server = siteServer();
  const largest = Math.max(...Object.values(bodyLimits));
  assert.equal(bytesOf(directive(server, "client_max_body_size") ?? ""), largest);
  assert.equal(bytesOf(directive(server, "client_body_buffer_size") ?? ""), largest);
});

test("nginx: every address with files has its location, its limit the server's bound, streamed", () => {
  const locations = largeLocations(siteServer());
  for (const [path, rules] of uploads) {
    const matching = locations.filter(({ pattern }) => pattern.test(path));
    assert.equal(matching.length, 1, `one location with its own body limit for ${path}`);
    const [found] = matching;
    assert.equal(found?.bytes, refusedBodyBound(rules), `the body limit of ${path}`);
    assert.equal(
      directive(found?.location ?? siteServer(), "proxy_request_buffering"),
      "off",
      path,
    );
  }
});

test("nginx: no address without files takes a large body, and no large location is left over", () => {
  const locations = largeLocations(siteServer());
  for (const path of ordinary) {
    const large = locations.filter(({ pattern }) => pattern.test(path));
    assert.deepEqual(
      large.map(({ location }) => location.args[1]),
      [],
      `${path} takes no files: the ordinary limit`,
    );
  }
  for (const { location, pattern } of locations) {
    assert.ok(
      [...uploads.keys()].some((path) => pattern.test(path)),
      `location ${location.args[1]} serves an address that takes files`,
    );
  }
});

test("nginx: a body past an appeal's limit is refused in the server's own words", () => {
  const named = (name: string) =>
    siteServer().children.find((child) => child.name === "location" && child.args[0] === name);
  const answerOf = (name: string) => named(name)?.children.find((c) => c.name === "return");
  const json = answerOf("@appeal_too_large_json")?.args[1] ?? "";
  assert.deepEqual(JSON.parse(json.slice(1, -1)), {
    errors: { [formErrorKey]: appealFileMessages.tooLarge },
  });
  const page = answerOf("@appeal_too_large_page")?.args[1] ?? "";
  assert.ok(page.includes(`<p>${appealFileMessages.tooLarge}</p>`), "the page names the limit");
});
