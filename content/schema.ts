import { z } from "zod";
import { vacanciesContentSchema } from "../domain/site-content/vacancies-content.ts";

/**
 * Schemas for every kind of site content. The data modules in this folder are checked against
 * them at build time (scripts/check-content.ts) and in the unit tests, and their TypeScript types
 * come from here, so a shape is written once.
 */

const text = z.string().trim().min(1);
const paragraphs = z.array(text).min(1);
const id = z.string().regex(/^[a-z][a-z0-9-]*$/, "ids are lower-case kebab-case");

/** A file served from `public/`: documents, blank forms and images. */
const publicFileHrefSchema = z
  .string()
  .regex(
    /^\/(docs|forms|images)\/[a-z0-9][a-z0-9._/-]*\.(pdf|docx|xlsx|svg|png|webp|avif)$/,
    "a file under /docs/, /forms/ or /images/ with a lower-case name and a known extension",
  )
  .refine((href) => !href.includes(".."), "no parent segments");

const externalUrlSchema = z.url({ protocol: /^https$/ });

const imageSchema = z.object({
  src: publicFileHrefSchema,
  alt: text,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type Image = z.infer<typeof imageSchema>;

/** An external page shown in an <iframe>, with a plain link to the same place beside it. */
export const embeddedMapSchema = z.object({
  src: externalUrlSchema,
  title: text,
  linkHref: externalUrlSchema,
  linkLabel: text,
});
export type EmbeddedMap = z.infer<typeof embeddedMapSchema>;

// Home page -----------------------------------------------------------------------------------

const homeSectionIdSchema = z.enum([
  "gov-task",
  "lab-research",
  "projects",
  "land-inventory",
  "history",
]);
export type HomeSectionId = z.infer<typeof homeSectionIdSchema>;

/** Drawings beside some home-page sections, keyed by the section they illustrate. */
export const homeIllustrationsSchema = z.partialRecord(homeSectionIdSchema, imageSchema);

/** One section of the home page; `navLabel` is its short name in the sticky anchor bar. */
const homeSectionSchema = z.object({
  id: homeSectionIdSchema,
  navLabel: text,
  title: text,
  paragraphs,
  /** An optional bulleted list after the paragraphs. */
  points: z.array(text).optional(),
});
export type HomeSection = z.infer<typeof homeSectionSchema>;

export const homeSectionsSchema = z
  .array(homeSectionSchema)
  .length(5)
  .refine((list) => new Set(list.map((s) => s.id)).size === 5, "each section id appears once");

const historyEventSchema = z.object({
  year: z.number().int().min(1900).max(2100),
  title: text,
  text,
});
export type HistoryEvent = z.infer<typeof historyEventSchema>;

export const historySchema = z
  .array(historyEventSchema)
  .min(1)
  .refine(
    (list) => list.every((event, i) => i === 0 || (list[i - 1]?.year ?? 0) < event.year),
    "events in strictly ascending years",
  );

const laboratorySchema = z.object({
  id,
  name: text,
  description: text,
  services: z.array(text).min(1),
});

export const testingCentreSchema = z.object({
  name: text,
  intro: text,
  laboratories: z.array(laboratorySchema).length(3),
});
export type TestingCentre = z.infer<typeof testingCentreSchema>;

// Services ------------------------------------------------------------------------------------

export const servicesTabSchema = z.object({
  label: text,
  path: z.enum(["/services", "/services/special_offer"]),
});
export type ServicesTab = z.infer<typeof servicesTabSchema>;

/** The body of a 'Больше информации' expander. */
const serviceMoreInfoSchema = z.object({
  id,
  title: text,
  paragraphs,
  points: z.array(text).optional(),
});
export type ServiceMoreInfo = z.infer<typeof serviceMoreInfoSchema>;

export const serviceBlockSchema = z.object({
  id,
  title: text,
  summary: text,
  items: z.array(text).min(1),
  /** Expanders shown under the block (soil expertise, soil-ecological monitoring). */
  moreInfo: z.array(serviceMoreInfoSchema),
});
export type ServiceBlock = z.infer<typeof serviceBlockSchema>;

// Price list --------------------------------------------------------------------------------

// The prices are edited by staff: their schema is the editions' own
// (domain/site-content/prices-content.ts); content/price-list.ts holds the build's defaults.
// Documents -----------------------------------------------------------------------------------

export const documentLinkSchema = z.object({
  title: text,
  href: publicFileHrefSchema.refine((href) => href.startsWith("/docs/") && href.endsWith(".pdf"), {
    message: "documents are PDF files under /docs/",
  }),
});
export type DocumentLink = z.infer<typeof documentLinkSchema>;

const documentGroupSchema = z.object({
  id,
  title: text,
  documents: z.array(documentLinkSchema).min(1),
});
export type DocumentGroup = z.infer<typeof documentGroupSchema>;

export const documentGroupsSchema = z.array(documentGroupSchema).length(5);

export const accreditationSchema = z.object({
  title: text,
  paragraphs,
  register: z.object({ href: externalUrlSchema, label: text }),
  certificate: imageSchema,
});
export type Accreditation = z.infer<typeof accreditationSchema>;

// Application forms ---------------------------------------------------------------------------

/** A blank form: an editable file (Word or Excel) and the same form as PDF. */
const applicationFormSchema = z.object({
  id,
  title: text,
  editableHref: publicFileHrefSchema.refine(
    (href) => href.startsWith("/forms/") && /\.(docx|xlsx)$/.test(href),
    { message: "editable forms are DOCX or XLSX files under /forms/" },
  ),
  pdfHref: publicFileHrefSchema.refine(
    (href) => href.startsWith("/forms/") && href.endsWith(".pdf"),
    { message: "printable forms are PDF files under /forms/" },
  ),
});

export const applicationFormGroupSchema = z.object({
  id,
  title: text,
  forms: z.array(applicationFormSchema).min(1),
});
export type ApplicationFormGroup = z.infer<typeof applicationFormGroupSchema>;

// Contacts ------------------------------------------------------------------------------------

// The contacts table, the phone, the address and the hours are edited by staff: their schema is
// the editions' own (domain/site-content/contacts-content.ts).

const legalDetailRowSchema = z.object({ label: text, value: text });

export const legalDetailsSchema = z.object({
  title: text,
  sampleNotice: text,
  groups: z.array(z.object({ id, title: text, rows: z.array(legalDetailRowSchema).min(1) })),
  download: z.object({ label: text, href: publicFileHrefSchema }),
});
export type LegalDetails = z.infer<typeof legalDetailsSchema>;

// Vacancies -----------------------------------------------------------------------------------

// The vacancies themselves are edited by staff: their schema is the editions' own
// (domain/site-content/vacancies-content.ts); these are the build's defaults.
export const vacanciesPageSchema = z.object({
  defaults: vacanciesContentSchema,
  howToApply: text,
});
export type VacanciesPage = z.infer<typeof vacanciesPageSchema>;

// Director and structure ----------------------------------------------------------------------

export const directorSchema = z.object({
  position: text,
  fullName: text,
  /** Shown above the biography until the organisation supplies the real one. */
  sampleNotice: text.optional(),
  biography: paragraphs,
});
export type Director = z.infer<typeof directorSchema>;

/** A unit of the organisation chart. Recursive: a unit holds its subordinate units. */
export type OrgUnit = {
  id: string;
  name: string;
  /** The position that heads the unit, when the chart shows it. */
  head?: string | undefined;
  children: OrgUnit[];
};

const orgUnitSchema: z.ZodType<OrgUnit> = z.object({
  id,
  name: text,
  head: text.optional(),
  get children() {
    return z.array(orgUnitSchema);
  },
});

export const organisationChartSchema = z.object({
  title: text,
  sampleNotice: text.optional(),
  root: orgUnitSchema,
  /** A downloadable picture of the same chart (generated from `root`). */
  image: imageSchema,
});
export type OrganisationChart = z.infer<typeof organisationChartSchema>;

// Investors -----------------------------------------------------------------------------------

export const investorsPageSchema = z.object({
  intro: paragraphs,
  instructionsTitle: text,
  instructions: z.array(text).min(1),
  fullscreenButton: z.object({ enterLabel: text, exitLabel: text }),
  landMap: embeddedMapSchema,
  programme: z.object({ title: text, paragraphs }),
});
export type InvestorsPage = z.infer<typeof investorsPageSchema>;

// Organisation (content/organisation.ts, checked here too) ------------------------------------

export const organisationSchema = z.object({
  fullName: text,
  shortName: text,
  address: text,
  phone: z.object({ display: text, href: z.string().regex(/^tel:\+7\d{10}$/) }),
  email: z.email(),
  workingHours: z.array(z.object({ days: text, hours: text })).length(3),
  social: z.array(z.object({ kind: text, label: text, href: externalUrlSchema })).length(3),
});
