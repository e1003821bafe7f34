// Draws the raster icons and the sharing picture from public/favicon.svg and the organisation's
// name, with Debian's Chromium (the one the tests use). The output is committed; run again after
// changing the logo or the name:
//   node scripts/make-icons.ts
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { shareImage } from "../app/page-meta.ts";
import { organisation } from "../content/organisation.ts";
import { publicFilePath } from "../content/public-dir.server.ts";
import { chromiumArgs, chromiumPath } from "./chromium.ts";

const logo = readFileSync(publicFilePath("/favicon.svg"), "utf8");
const brand = "#1f5132";
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");

// Square icons: the round logo on the brand colour, so launchers that crop to a circle or a
// rounded square (maskable) still show all of it.
const icons = [
  { href: "/icons/favicon-32.png", size: 32, padding: 0, background: "transparent" },
  { href: "/icons/apple-touch-icon.png", size: 180, padding: 0.12, background: brand },
  { href: "/icons/icon-192.png", size: 192, padding: 0.12, background: brand },
  { href: "/icons/icon-512.png", size: 512, padding: 0.12, background: brand },
];

const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const inset = Math.round(icon.size * icon.padding);
    await page.setContent(
      `<body style="margin:0;background:${icon.background}"><div style="padding:${inset}px;width:${icon.size}px;height:${icon.size}px;box-sizing:border-box">${logo.replace("<svg ", '<svg width="100%" height="100%" ')}</div></body>`,
    );
    await write(icon.href, await page.screenshot({ omitBackground: true }));
    await page.close();
  }
  const page = await browser.newPage({
    viewport: { width: shareImage.width, height: shareImage.height },
  });
  await page.setContent(`<body style="margin:0;font-family:'DejaVu Sans',sans-serif">
    <div style="box-sizing:border-box;width:${shareImage.width}px;height:${shareImage.height}px;padding:80px;display:flex;flex-direction:column;justify-content:center;gap:40px;color:#fff;background:${brand}">
      <div style="display:flex;align-items:center;gap:40px">
        <div style="width:180px;height:180px;flex:none">${logo.replace("<svg ", '<svg width="180" height="180" ')}</div>
        <div style="font-size:76px;font-weight:700;line-height:1.1">${escapeHtml(organisation.shortName)}</div>
      </div>
      <div style="font-size:38px;line-height:1.3">${escapeHtml(organisation.fullName)}</div>
    </div></body>`);
  await write(shareImage.path, await page.screenshot());
} finally {
  await browser.close();
}

function write(href: string, png: Buffer): void {
  const path = publicFilePath(href);
  mkdirSync(path.slice(0, path.lastIndexOf("/")), { recursive: true });
  writeFileSync(path, png);
  console.log(`${href}: ${png.length} bytes`);
}
