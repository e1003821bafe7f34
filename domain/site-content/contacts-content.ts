/**
 * The organisation's contacts as staff edit them (issue 28): the phone of the banner and the
 * footer, the contacts table's three groups of rows, the address and the working hours (shown
 * on every page, in the footer), and the legal details. Typed fields, never markup. The
 * requisites file under the legal details is an upload (decision 0036). The same schema checks
 * the build's defaults (content/contacts.ts), a posted form and a stored edition.
 */
import { z } from "zod";
import { itemIdPattern } from "../text/patterns.ts";
import { fileAddressSchema, isSiteFileAddress, uploadedFileSchema } from "./site-files.ts";
import { requiredText, typedText } from "./typed-text.ts";

const itemId = z.string().regex(itemIdPattern, "Неверный идентификатор строки.");

/** The ten digits of a Russian number after +7, from what a person typed; undefined: not one. */
function phoneDigits(display: string): string | undefined {
  const digits = display.replace(/\D/g, "");
  if (digits.length === 10) return digits;
  if (digits.length === 11 && /^[78]/.test(digits)) return digits.slice(1);
  return undefined;
}

/** The `tel:` address of a number as the site writes it ('(8332) 12-34-56' -> tel:+78332123456). */
export function phoneHref(display: string): string {
  return `tel:+7${phoneDigits(display) ?? ""}`;
}

const phoneSchema = requiredText(40, "Укажите телефон.").refine(
  (display) => phoneDigits(display) !== undefined,
  "Укажите телефон с кодом города: 10 цифр, например (8332) 12-34-56.",
);

export const contactRowSchema = z.object({
  id: itemId,
  /** The role, e.g. 'Директор'. */
  title: requiredText(200, "Укажите должность или отдел."),
  email: z.email("Укажите адрес электронной почты, например info@example.ru."),
  fullName: typedText(200),
  /** Internal extension number, digits only; empty: none. */
  extension: z.string().regex(/^(\d{2,5})?$/, "Добавочный номер: от 2 до 5 цифр."),
  /** Rows the table sets in bold (heads of units). */
  bold: z.boolean(),
});
export type ContactRow = z.infer<typeof contactRowSchema>;

export const maxRows = 40;

const rowsOf = <Row extends z.ZodType>(row: Row) =>
  z.array(row).min(1, "Оставьте хотя бы одну строку.").max(maxRows, `Не больше ${maxRows} строк.`);

const contactGroupSchema = z.object({
  id: itemId,
  title: requiredText(200, "Укажите название группы."),
  rows: rowsOf(contactRowSchema),
});

const workingHoursRowSchema = z.object({
  id: itemId,
  days: requiredText(100, "Укажите дни."),
  hours: requiredText(100, "Укажите часы."),
});

const legalRowSchema = z.object({
  id: itemId,
  label: requiredText(200, "Укажите, что это за реквизит."),
  value: requiredText(300, "Укажите значение."),
});

const legalGroupSchema = z.object({
  id: itemId,
  title: requiredText(200, "Укажите название группы."),
  rows: rowsOf(legalRowSchema),
});

/**
 * Kirov region's bounding box, its extreme points (Большая российская энциклопедия, «Кировская
 * область»: 56°03′–61°04′ N, 46°17′–53°55′ E), widened by about a kilometre: a point outside it is
 * a typing slip (a swapped latitude and longitude, a dropped digit), never the office. Checked
 * against the region's stated extent, 570 km north to south and 440 km west to east: the box is
 * 5.04° ≈ 560 km by 7.66° ≈ 445 km (58 km a degree of longitude at 58.5° N).
 */
export const kirovRegionBox = { south: 56.04, north: 61.08, west: 46.27, east: 53.93 } as const;

/**
 * The office on the map: /contacts' map and link, and the coordinates in the JSON-LD. Numbers
 * (the form reads '58,6035' as 58.6035: contacts-form.ts).
 */
const mapPointSchema = z.object({
  latitude: z
    .number("Укажите широту числом, например 58.6035.")
    .refine(
      (latitude) => latitude >= kirovRegionBox.south && latitude <= kirovRegionBox.north,
      `Широта вне Кировской области: она от ${kirovRegionBox.south} до ${kirovRegionBox.north}, например 58.6035.`,
    ),
  longitude: z
    .number("Укажите долготу числом, например 49.668.")
    .refine(
      (longitude) => longitude >= kirovRegionBox.west && longitude <= kirovRegionBox.east,
      `Долгота вне Кировской области: она от ${kirovRegionBox.west} до ${kirovRegionBox.east}, например 49.668.`,
    ),
});
export type MapPoint = z.infer<typeof mapPointSchema>;

export const contactsContentSchema = z.object({
  /** The single city number: the banner of /contacts and the footer of every page. */
  phone: phoneSchema,
  /** The postal address: /contacts and the footer of every page. */
  address: requiredText(300, "Укажите адрес."),
  /**
   * The organisation's e-mail: /contacts, the JSON-LD and the signature of the citizen's mails.
   * Absent in an edition stored before it was editable: the build's then (content/contacts.ts).
   */
  email: z.email("Укажите адрес электронной почты, например info@example.ru.").optional(),
  /** The office on the map, beside the address; absent in an older edition: the build's. */
  point: mapPointSchema.optional(),
  workingHours: z
    .array(workingHoursRowSchema)
    .min(1, "Оставьте хотя бы одну строку режима работы.")
    .max(7, "Не больше 7 строк режима работы."),
  /** The contacts table, in its three groups. */
  groups: z.array(contactGroupSchema).length(3),
  legal: z.object({
    /** A note above the legal details (the sample notice); empty: none. */
    note: typedText(300),
    groups: z.array(legalGroupSchema).min(1).max(6),
    /** The requisites file uploaded by staff (decision 0036); absent: the build's file. */
    requisites: z
      .object({ href: fileAddressSchema, file: uploadedFileSchema.optional() })
      .superRefine((requisites, context) => {
        if (isSiteFileAddress(requisites.href) !== (requisites.file !== undefined)) {
          context.addIssue({ code: "custom", path: ["href"], message: "Загрузите файл ещё раз." });
        }
      })
      .optional(),
  }),
});

/** What the requisites file may be. */
export const requisitesFormats = ["DOCX", "ODT", "PDF"] as const;

export type ContactsContent = z.infer<typeof contactsContentSchema>;

/** The contacts as shown: a field an older edition lacks is the build's (content/contacts.ts). */
export type ShownContacts = ContactsContent & Required<Pick<ContactsContent, "email" | "point">>;

/**
 * What the root's loader gives every page of the contacts: the footer's phone, address and
 * hours, and what the organisation's JSON-LD (home, /contacts) says besides.
 */
export type FooterContacts = Pick<
  ShownContacts,
  "phone" | "address" | "workingHours" | "email" | "point"
>;
