/**
 * The facts a page's content keeps of an uploaded file (format, size, a picture's width and
 * height, a PDF's accessibility warnings), taken from the stored file and never from the form
 * (issue 40). The editor's form carries them in hidden fields so that a page shows a file's
 * label without reading it; a forged post once published a PDF as `<img width="100000">` and an
 * enclosure «image/png, 1 byte». Every file reference that enters through a form is looked up by
 * its id: a file that is not stored, or stored under another name, is refused; a stored one's
 * facts replace what the form said. A kept file never changes (decision 0036), so its facts are
 * read from its bytes once per server and remembered.
 */
import type { EditablePage, SiteContent } from "../../domain/site-content/site-editions.ts";
import {
  fileNameOf,
  siteFileAddressPattern,
  type UploadedFileFacts,
} from "../../domain/site-content/site-files.ts";
import type { SiteActionResult } from "../../domain/site-content/site-port.ts";
import type { DataLayer } from "../db/data-layer.ts";
import { nextTurn } from "../http/next-turn.ts";
import type { SiteFileService } from "./site-file-service.ts";
import { checkedContent, contentJson } from "./site-overview.ts";

export type FileFactsCheck =
  | { ok: true; content: unknown }
  | { ok: false; status: number; message: string };

/** Remembered files: enough for every file of every page, small beside the pages themselves. */
const rememberedFiles = 5000;

export function createStoredFileFacts(deps: {
  data: Pick<DataLayer, "attachments">;
  /** A file's facts from its bytes, as an upload computes them (site-file-service.ts). */
  describe: SiteFileService["describe"];
}) {
  const known = new Map<string, { fileName: string; facts: UploadedFileFacts }>();

  async function storedFacts(id: string) {
    const remembered = known.get(id);
    if (remembered) return remembered;
    const file = await deps.data.attachments.readSiteFile(id);
    if (!file) return undefined;
    const facts = await deps.describe(file.mediaType, file.content);
    if (!facts) return undefined;
    const entry = { fileName: file.fileName, facts: { ...facts, bytes: file.byteSize } };
    if (known.size >= rememberedFiles) known.delete(known.keys().next().value as string);
    known.set(id, entry);
    return entry;
  }

  /**
   * The content with every uploaded file's facts read from the store: each `href`/`file` and
   * `<x>Href`/`<x>File` pair the schemas define (site-files.ts), wherever it is in the content.
   */
  async function withStoredFacts(content: unknown): Promise<FileFactsCheck> {
    const missing: string[] = [];
    async function walk(value: unknown): Promise<unknown> {
      if (Array.isArray(value)) {
        const items: unknown[] = [];
        for (const item of value) items.push(await walk(item));
        return items;
      }
      if (value === null || typeof value !== "object") return value;
      const copy: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) copy[key] = await walk(item);
      for (const key of Object.keys(copy)) {
        const hrefKey =
          key === "file" ? "href" : key.endsWith("File") ? `${key.slice(0, -4)}Href` : "";
        const href = copy[hrefKey];
        if (!hrefKey || copy[key] === undefined || typeof href !== "string") continue;
        const match = siteFileAddressPattern.exec(href);
        const stored = match?.[1] ? await storedFacts(match[1]) : undefined;
        if (!stored || stored.fileName !== fileNameOf(href)) {
          missing.push(fileNameOf(href));
          continue;
        }
        copy[key] = stored.facts;
      }
      return copy;
    }
    const checked = await walk(content);
    if (missing.length > 0) {
      return {
        ok: false,
        status: 400,
        message: `Файл «${missing[0]}» не найден среди загруженных на сайт: загрузите его снова. Ничего не сохранено.`,
      };
    }
    return { ok: true, content: checked };
  }

  return { withStoredFacts };
}

export type StoredFileFacts = ReturnType<typeof createStoredFileFacts>;

/**
 * Content posted by a form, checked by the page's schema with every uploaded file's facts
 * read from the store (stored-file-facts.ts): what a publish or a draft may hold, and its text as
 * it is stored (written in steps).
 */
export async function enteredContent<page extends EditablePage>(
  fileFacts: StoredFileFacts,
  page: page,
  posted: SiteContent[page],
): Promise<
  { ok: true; content: SiteContent[page]; json: string } | Extract<SiteActionResult, { ok: false }>
> {
  const parsed = await checkedContent(page, posted);
  if (!parsed.success) throw parsed.error;
  await nextTurn();
  const checked = await fileFacts.withStoredFacts(parsed.data);
  if (!checked.ok) return checked;
  // The stored facts may break a rule the form's facts passed (a PDF posted as a picture).
  const stored = await checkedContent(page, checked.content);
  if (stored.success) {
    return { ok: true, content: stored.data, json: await contentJson(page, stored.data) };
  }
  const message = stored.error.issues[0]?.message ?? "Загрузите файл ещё раз.";
  return { ok: false, status: 400, message };
}
