// What search engines and link previews read: sitemap, robots.txt, canonical addresses, Open Graph
// and Twitter tags, the organisation's JSON-LD, icons and the web app manifest.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { launchBrowser, openPage, siteForTests } from "./harness.ts";
import { decodeEntities, fetchHtml } from "./raw-html.ts";
import { allPages } from "./site-pages.ts";

// The harness starts the server without SITE_URL: the development default.
const siteUrl = "http://localhost:8000";
const env = siteForTests();

function metaContent(
  html: string,
  attribute: "name" | "property",
  key: string,
): string | undefined {
  const match = html.match(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`));
  return match?.[1] === undefined ? undefined : decodeEntities(match[1]);
}

// The schema.org properties each type used here may carry (from schema.org's type definitions:
// geo and opening hours belong to a Place, not to an Organization).
const schemaOrgProperties: Record<string, readonly string[]> = {
  GovernmentOrganization: [
    "name",
    "alternateName",
    "url",
    "logo",
    "address",
    "telephone",
    "email",
    "sameAs",
    "location",
  ],
  Place: ["name", "address", "geo", "openingHoursSpecification", "hasMap", "telephone"],
  PostalAddress: [
    "postalCode",
    "streetAddress",
    "addressLocality",
    "addressRegion",
    "addressCountry",
  ],
  GeoCoordinates: ["latitude", "longitude"],
  OpeningHoursSpecification: ["dayOfWeek", "opens", "closes"],
};

type OrganisationJsonLd = {
  "@context": string;
  "@type": string;
  name: string;
  url: string;
  address: { postalCode: string };
  telephone: string;
  email: string;
  location: {
    geo: { latitude: unknown; longitude: unknown };
    openingHoursSpecification: unknown;
  };
};

function schemaProblems(value: unknown, at: string): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => schemaProblems(item, `${at}[${i}]`));
  if (!value || typeof value !== "object") return [];
  const object = value as Record<string, unknown>;
  const type = String(object["@type"]);
  const allowed = schemaOrgProperties[type];
  if (!allowed) return [`${at}: unexpected type ${type}`];
  return Object.entries(object).flatMap(([key, child]) => {
    if (key === "@type" || key === "@context") return [];
    if (!allowed.includes(key)) return [`${at}: ${type} has no property ${key}`];
    return schemaProblems(child, `${at}.${key}`);
  });
}

describe("sitemap and robots.txt", () => {
  test("sitemap.xml lists every page at the site's address", async () => {
    const response = await fetch(`${env.site.baseUrl}/sitemap.xml`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /xml/);
    const xml = await response.text();
    assert.match(xml, /<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    assert.deepEqual(
      locations,
      allPages.map((page) => `${siteUrl}${page.path}`),
    );
  });

  test("robots.txt names the sitemap and keeps crawlers out of /api and /staff", async () => {
    const response = await fetch(`${env.site.baseUrl}/robots.txt`);
    assert.equal(response.status, 200);
    const robots = await response.text();
    assert.match(robots, /^User-agent: \*$/m);
    assert.match(robots, /^Disallow: \/api$/m);
    assert.match(robots, /^Disallow: \/staff$/m);
    assert.match(robots, new RegExp(`^Sitemap: ${siteUrl}/sitemap.xml$`, "m"));
  });
});

describe("every route: canonical, description, sharing tags", () => {
  test("titles and descriptions differ from page to page", async () => {
    const pages = await Promise.all(allPages.map((page) => fetchHtml(env.site.baseUrl, page.path)));
    const titles = pages.map((html) => html.match(/<title>([^<]*)<\/title>/)?.[1]);
    const descriptions = pages.map((html) => metaContent(html, "name", "description"));
    assert.equal(new Set(titles).size, allPages.length);
    assert.equal(new Set(descriptions).size, allPages.length);
  });

  for (const page of allPages) {
    test(`${page.path}: canonical, Open Graph and Twitter card at SITE_URL`, async () => {
      const html = await fetchHtml(env.site.baseUrl, page.path);
      const url = `${siteUrl}${page.path}`;
      assert.ok(!html.includes("site-url.invalid"), "the placeholder is replaced");
      assert.equal(html.match(/<link rel="canonical"/g)?.length, 1);
      assert.ok(html.includes(`<link rel="canonical" href="${url}"/>`));
      const title = html.match(/<title>([^<]*)<\/title>/)?.[1];
      assert.equal(metaContent(html, "property", "og:title"), title && decodeEntities(title));
      assert.equal(metaContent(html, "property", "og:url"), url);
      assert.equal(metaContent(html, "property", "og:type"), "website");
      assert.equal(metaContent(html, "property", "og:locale"), "ru_RU");
      assert.equal(
        metaContent(html, "property", "og:description"),
        metaContent(html, "name", "description"),
      );
      assert.equal(metaContent(html, "property", "og:image"), `${siteUrl}/images/share-card.png`);
      assert.equal(metaContent(html, "name", "twitter:card"), "summary_large_image");
      assert.equal(metaContent(html, "name", "twitter:image"), `${siteUrl}/images/share-card.png`);
      const jsonLd = html.match(/<script type="application\/ld\+json">([^<]*)<\/script>/g) ?? [];
      const withOrganisation = page.path === "/" || page.path === "/contacts";
      assert.equal(
        jsonLd.length,
        withOrganisation ? 1 : 0,
        "organisation JSON-LD on / and /contacts",
      );
    });
  }
});

describe("the organisation's JSON-LD", () => {
  for (const path of ["/", "/contacts"]) {
    test(`${path}: a valid schema.org GovernmentOrganization with address, phone, e-mail, hours, geo`, async () => {
      const html = await fetchHtml(env.site.baseUrl, path);
      const json = html.match(/<script type="application\/ld\+json">([^<]*)<\/script>/)?.[1];
      assert.ok(json);
      const data = JSON.parse(json) as OrganisationJsonLd;
      assert.equal(data["@context"], "https://schema.org");
      assert.equal(data["@type"], "GovernmentOrganization");
      assert.deepEqual(schemaProblems(data, "$"), []);
      assert.match(data.name, /Центр агрохимической службы/);
      assert.equal(data.url, `${siteUrl}/`);
      assert.equal(data.address.postalCode, "610000");
      assert.match(data.telephone, /^\+7 \(8332\) /);
      assert.match(data.email, /@/);
      assert.deepEqual(data.location.openingHoursSpecification, [
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday"],
          opens: "08:00",
          closes: "17:00",
        },
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: ["Friday"],
          opens: "08:00",
          closes: "16:00",
        },
      ]);
      assert.equal(typeof data.location.geo.latitude, "number");
      assert.equal(typeof data.location.geo.longitude, "number");
    });
  }
});

describe("icons and the web app manifest", () => {
  test("every page links the icons and the manifest, and they are served", async () => {
    const html = await fetchHtml(env.site.baseUrl, "/vacancies");
    for (const href of [
      "/favicon.svg",
      "/icons/favicon-32.png",
      "/icons/apple-touch-icon.png",
      "/manifest.webmanifest",
    ]) {
      assert.ok(html.includes(`href="${href}"`), href);
      const response = await fetch(`${env.site.baseUrl}${href}`);
      assert.equal(response.status, 200, href);
    }
    const manifest = await (await fetch(`${env.site.baseUrl}/manifest.webmanifest`)).json();
    assert.equal(manifest.lang, "ru");
    assert.equal(manifest.start_url, "/");
    for (const icon of manifest.icons as { src: string; sizes: string }[]) {
      const response = await fetch(`${env.site.baseUrl}${icon.src}`);
      assert.equal(response.status, 200, icon.src);
    }
    const image = await fetch(`${env.site.baseUrl}/images/share-card.png`);
    assert.equal(image.headers.get("content-type"), "image/png");
  });
});

describe("with JavaScript on, /appeals keeps one set of tags", () => {
  test("/appeals once its form island runs: one canonical and one og:url, both at SITE_URL", async () => {
    const browser = await launchBrowser();
    const watched = await openPage(browser);
    try {
      await watched.page.goto(`${env.site.baseUrl}/appeals`, { waitUntil: "networkidle" });
      const tags = await watched.page.evaluate(() => ({
        canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((link) =>
          link.getAttribute("href"),
        ),
        ogUrl: [...document.querySelectorAll('meta[property="og:url"]')].map((meta) =>
          meta.getAttribute("content"),
        ),
      }));
      assert.deepEqual(tags, {
        canonical: [`${siteUrl}/appeals`],
        ogUrl: [`${siteUrl}/appeals`],
      });
      assert.deepEqual(watched.consoleErrors, []);
    } finally {
      await watched.close();
      await browser.close();
    }
  });
});
