// The text read from a PDF is kept between starts under its bytes' hash (decision 0051): a later
// start takes it from the folder instead of reading the file; a new file is read and kept; a
// folder that cannot be written changes nothing but the cost.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readdirSync, writeFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { siteContentDefaults } from "../../content/site-content-defaults.ts";
import { pdfBomb } from "../../tests/support/pdf-bomb.ts";
import { fileTextCache } from "./file-text-cache.ts";
import { createPdfTextReader } from "./pdf-text-reader.ts";
import { createSiteSearch } from "./site-search-service.ts";

/** The build's own statute, which /documents links as /docs/ustav.pdf. */
const statute = "build/client/docs/ustav.pdf";

async function searchWith(cacheDir: string | undefined, bytes: Buffer) {
  const search = createSiteSearch({
    content: () => siteContentDefaults,
    page: () => undefined,
    file: async (href) => (href === "/docs/ustav.pdf" ? bytes : undefined),
    textCache: fileTextCache(cacheDir),
  });
  await search.refresh();
  return search;
}

test("a start keeps what it read; the next takes the text from the folder, not from the file", async () => {
  const bytes = await readFile(statute);
  const dir = await mkdtemp(join(tmpdir(), "file-text-cache-"));
  try {
    await searchWith(dir, bytes);
    const [folder] = readdirSync(dir);
    assert.match(folder ?? "", /^unpdf-\d+\.\d+\.\d+$/, "the extractor's version names the folder");
    const hash = createHash("sha256").update(bytes).digest("hex");
    const kept = join(dir, folder ?? "", `${hash}.txt`);
    // A word the file does not hold, put where the kept text is: found only if it is used.
    writeFileSync(kept, "контрольноеслово");
    const later = await searchWith(dir, bytes);
    assert.deepEqual(
      later.search("контрольноеслово").hits.map((hit) => hit.fileUrl),
      ["/docs/ustav.pdf"],
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("without a folder, or with one that cannot be written, the file is read at each start", async () => {
  const bytes = await readFile(statute);
  const unreadable = join(await mkdtemp(join(tmpdir(), "file-text-cache-")), "file");
  writeFileSync(unreadable, "not a folder");
  for (const dir of [undefined, unreadable]) {
    const search = await searchWith(dir, bytes);
    // «образец» is in the file's text («ОБРАЗЕЦ. Официальный документ…»), not in its title.
    const found = search.search("образец").hits;
    assert.ok(
      found.some((hit) => hit.fileUrl === "/docs/ustav.pdf"),
      String(dir),
    );
  }
  await rm(join(unreadable, ".."), { recursive: true, force: true });
});

test("a file over the reader's budget is kept as such: the next start does not read it again", async () => {
  const dir = await mkdtemp(join(tmpdir(), "file-text-cache-"));
  try {
    const bomb = pdfBomb(300);
    const first = createPdfTextReader({ cache: fileTextCache(dir) });
    assert.deepEqual(await first.read(bomb), { kind: "over-budget", reason: "memory" });
    await first.close();
    // A reader whose worker could not answer in a millisecond: the verdict comes from the folder.
    const later = createPdfTextReader({ cache: fileTextCache(dir), limits: { maxWallMs: 1 } });
    assert.deepEqual(await later.read(bomb), { kind: "over-budget", reason: "memory" });
    await later.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("a text longer than the reader's limit is cut at a word's end, and kept as cut", async () => {
  const dir = await mkdtemp(join(tmpdir(), "file-text-cache-"));
  try {
    const bytes = await readFile(statute);
    const reader = createPdfTextReader({ cache: fileTextCache(dir), limits: { maxChars: 40 } });
    const read = await reader.read(bytes);
    await reader.close();
    assert.equal(read.kind, "text");
    assert.ok(read.kind === "text" && read.cut && read.text.length <= 40, JSON.stringify(read));
    const hash = createHash("sha256").update(bytes).digest("hex");
    assert.deepEqual(fileTextCache(dir)?.get(hash), read);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
