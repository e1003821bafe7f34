import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { z } from "zod";
import { applicationFormGroups } from "./application-forms.ts";
import { contactGroups, legalDetails } from "./contacts.ts";
import { director, organisationChart } from "./director.ts";
import { accreditation, documentGroups, personalDataPolicy } from "./documents.ts";
import { checkFileOfType } from "./file-validity.server.ts";
import { historyEvents } from "./history.ts";
import { investorsPage } from "./investors.ts";
import { homeSections, testingCentre } from "./laboratories.ts";
import { addressMap } from "./maps.ts";
import { organisation } from "./organisation.ts";
import { priceList } from "./price-list.ts";
import { publicDir, publicFilePath } from "./public-dir.server.ts";
import {
  accreditationSchema,
  applicationFormGroupSchema,
  contactGroupsSchema,
  directorSchema,
  documentGroupsSchema,
  documentLinkSchema,
  embeddedMapSchema,
  historySchema,
  homeSectionsSchema,
  investorsPageSchema,
  legalDetailsSchema,
  organisationChartSchema,
  organisationSchema,
  priceListSchema,
  serviceBlockSchema,
  servicesTabSchema,
  testingCentreSchema,
  vacanciesPageSchema,
} from "./schema.ts";
import { serviceBlocks, servicesTabs } from "./services.ts";
import { vacanciesPage } from "./vacancies.ts";

/** Every content export with the schema it must satisfy. */
export const contentEntries: { name: string; schema: z.ZodType; data: unknown }[] = [
  { name: "organisation", schema: organisationSchema, data: organisation },
  { name: "homeSections", schema: homeSectionsSchema, data: homeSections },
  { name: "historyEvents", schema: historySchema, data: historyEvents },
  { name: "testingCentre", schema: testingCentreSchema, data: testingCentre },
  { name: "servicesTabs", schema: servicesTabSchema.array().length(2), data: servicesTabs },
  { name: "serviceBlocks", schema: serviceBlockSchema.array().length(9), data: serviceBlocks },
  { name: "priceList", schema: priceListSchema, data: priceList },
  { name: "documentGroups", schema: documentGroupsSchema, data: documentGroups },
  { name: "accreditation", schema: accreditationSchema, data: accreditation },
  { name: "personalDataPolicy", schema: documentLinkSchema, data: personalDataPolicy },
  {
    name: "applicationFormGroups",
    schema: applicationFormGroupSchema.array().length(2),
    data: applicationFormGroups,
  },
  { name: "contactGroups", schema: contactGroupsSchema, data: contactGroups },
  { name: "legalDetails", schema: legalDetailsSchema, data: legalDetails },
  { name: "addressMap", schema: embeddedMapSchema, data: addressMap },
  { name: "vacanciesPage", schema: vacanciesPageSchema, data: vacanciesPage },
  { name: "director", schema: directorSchema, data: director },
  { name: "organisationChart", schema: organisationChartSchema, data: organisationChart },
  { name: "investorsPage", schema: investorsPageSchema, data: investorsPage },
];

const fileHref = /^\/(docs|forms|images)\/\S+\.[a-z0-9]+$/;

/** Every site file the content links to ('/docs/ustav.pdf', '/images/…'), each once. */
export function collectLinkedFiles(): string[] {
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
  for (const entry of contentEntries) walk(entry.data);
  return [...found].sort();
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
export function checkContent(): string[] {
  const problems: string[] = [];
  for (const { name, schema, data } of contentEntries) {
    const result = schema.safeParse(data);
    if (!result.success) {
      for (const issue of result.error.issues) {
        problems.push(`${name}.${issue.path.join(".")}: ${issue.message}`);
      }
    }
  }
  const linked = collectLinkedFiles();
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
