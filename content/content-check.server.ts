import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { contactsContentSchema } from "../domain/site-content/contacts-content.ts";
import {
  applicationsContentSchema,
  documentsContentSchema,
} from "../domain/site-content/file-lists-content.ts";
import { newsContentSchema } from "../domain/site-content/news-content.ts";
import { pricesContentSchema } from "../domain/site-content/prices-content.ts";
import { sectionTextsContentSchema } from "../domain/site-content/section-texts-content.ts";
import { editablePages } from "../domain/site-content/site-editions.ts";
import { structureContentSchema } from "../domain/site-content/structure-content.ts";
import { checkFileOfType } from "./file-validity.server.ts";
import { publicDir, publicFilePath } from "./public-dir.server.ts";
import {
  accreditationSchema,
  applicationFormGroupSchema,
  directorSchema,
  documentGroupsSchema,
  documentLinkSchema,
  embeddedMapSchema,
  historySchema,
  homeIllustrationsSchema,
  homeSectionsSchema,
  investorsPageSchema,
  legalDetailsSchema,
  organisationChartSchema,
  organisationSchema,
  serviceBlockSchema,
  servicesTabSchema,
  testingCentreSchema,
  vacanciesPageSchema,
} from "./schema.ts";

/**
 * The schema of each content export, by export name. Which exports exist is read from the
 * content modules themselves (every `*.ts` here but schemas, tests and `*.server.ts`), so a new
 * content file is checked without being listed: its linked files are checked at once, and an
 * export that links files without a schema here is itself reported.
 */
const contentSchemas: Record<string, z.ZodType> = {
  organisation: organisationSchema,
  homeSections: homeSectionsSchema,
  homeIllustrations: homeIllustrationsSchema,
  historyEvents: historySchema,
  testingCentre: testingCentreSchema,
  servicesTabs: servicesTabSchema.array().length(2),
  serviceBlocks: serviceBlockSchema.array().length(9),
  defaultPrices: pricesContentSchema,
  documentGroups: documentGroupsSchema,
  accreditation: accreditationSchema,
  personalDataPolicy: documentLinkSchema,
  applicationFormGroups: applicationFormGroupSchema.array().length(2),
  defaultContacts: contactsContentSchema,
  legalDetails: legalDetailsSchema,
  addressMap: embeddedMapSchema,
  vacanciesPage: vacanciesPageSchema,
  director: directorSchema,
  organisationChart: organisationChartSchema,
  investorsPage: investorsPageSchema,
  defaultDocuments: documentsContentSchema,
  defaultApplications: applicationsContentSchema,
  defaultStructure: structureContentSchema,
  // Every editable page's defaults, each by its page's schema.
  siteContentDefaults: z.object(
    Object.fromEntries(Object.entries(editablePages).map(([page, row]) => [page, row.schema])),
  ),
  defaultNews: newsContentSchema,
  defaultHomeTexts: sectionTextsContentSchema,
  defaultServicesTexts: sectionTextsContentSchema,
  defaultInvestorsTexts: sectionTextsContentSchema,
  defaultAppealsTexts: sectionTextsContentSchema,
};

export type ContentExport = { module: string; name: string; value: unknown };

const contentDir = import.meta.dirname;
const notContent = /(\.server\.ts|\.test\.ts|^schema\.ts)$/;

/** Every export of every content module, read from the folder. */
export async function loadContentExports(): Promise<ContentExport[]> {
  const modules = readdirSync(contentDir)
    .filter((name) => name.endsWith(".ts") && !notContent.test(name))
    .sort();
  const found: ContentExport[] = [];
  for (const module of modules) {
    const exports = (await import(pathToFileURL(join(contentDir, module)).href)) as Record<
      string,
      unknown
    >;
    for (const [name, value] of Object.entries(exports)) {
      if (typeof value !== "function") found.push({ module, name, value });
    }
  }
  return found;
}

const fileHref = /^\/(docs|forms|images)\/\S+\.[a-z0-9]+$/;

/** Every site file a value links to ('/docs/ustav.pdf', '/images/…'), each once, sorted. */
function linkedFilesOf(values: readonly unknown[]): string[] {
  const found = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === "string") {
      if (fileHref.test(value)) found.add(value);
    } else if (Array.isArray(value)) {
      value.forEach(walk);
    } else if (value && typeof value === "object") {
      Object.values(value).forEach(walk);
    }
  };
  values.forEach(walk);
  return [...found].sort();
}

/** Every site file the content links to, each once. */
export async function collectLinkedFiles(): Promise<string[]> {
  return linkedFilesOf((await loadContentExports()).map((entry) => entry.value));
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map(
      (entry) => `/${relative(publicDir, join(entry.parentPath, entry.name)).split(sep).join("/")}`,
    );
}

/**
 * Runs every content check and returns the problems, one readable line each: schema errors,
 * linked files that are missing or not valid of their type, and files under public/docs and
 * public/forms that nothing links to (stale downloads).
 */
export async function checkContent(): Promise<string[]> {
  const problems: string[] = [];
  const contentExports = await loadContentExports();
  const exportNames = new Set(contentExports.map((entry) => entry.name));
  for (const name of Object.keys(contentSchemas)) {
    if (!exportNames.has(name))
      problems.push(`${name}: has a schema but no content module exports it`);
  }
  for (const { module, name, value } of contentExports) {
    const schema = contentSchemas[name];
    if (!schema) {
      if (linkedFilesOf([value]).length > 0) {
        problems.push(`${module} ${name}: links files but has no schema in contentSchemas`);
      }
      continue;
    }
    const result = schema.safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) {
        problems.push(`${name}.${issue.path.join(".")}: ${issue.message}`);
      }
    }
  }
  const linked = linkedFilesOf(contentExports.map((entry) => entry.value));
  for (const href of linked) {
    const path = publicFilePath(href);
    if (!existsSync(path)) {
      problems.push(`${href}: linked but missing (expected ${path})`);
      continue;
    }
    for (const problem of checkFileOfType(href, readFileSync(path))) {
      problems.push(`${href}: ${problem}`);
    }
  }
  const linkedSet = new Set(linked);
  for (const href of [
    ...listFiles(join(publicDir, "docs")),
    ...listFiles(join(publicDir, "forms")),
  ]) {
    if (!linkedSet.has(href)) problems.push(`${href}: in public/ but no content links to it`);
  }
  return problems;
}
