/**
 * «Что заполнить» (issue 28, decision 0040): the values of the public site that are still the
 * seed's placeholders, which the organisation must replace. A value is a placeholder when it
 * carries a mark no real value has: the seed's phone number, street, name, its reserved-domain
 * e-mail, its zero-filled codes, or a sample notice saying the real text is yet to come. Applied
 * to the content published now of every editable page (the build's, overlaid by published
 * editions): /staff/site/fill lists them, /healthz and the start-up log count them (production).
 */
import { siteUrlPlaceholder } from "../site/site-url-placeholder.ts";
import { type EditablePage, editablePages, type SiteContent } from "./site-editions.ts";

/** One kind of placeholder: why a value is one, in words, and the test. */
export type PlaceholderDetector = {
  id: string;
  why: string;
  matches(value: string): boolean;
};

const contains = (mark: string) => (value: string) => value.includes(mark);

/** The `.invalid` domain of the site-address placeholder, and RFC 2606's `.example`. */
const reservedDomains = [
  "example",
  siteUrlPlaceholder.slice(siteUrlPlaceholder.lastIndexOf(".") + 1),
];
const reservedDomain = new RegExp(`[a-z0-9-]\\.(${reservedDomains.join("|")})(?![a-z0-9-])`, "i");

/**
 * The seed's legal codes, filled with zeros (ИНН, ОГРН, ОКПО, the personal account, the single
 * treasury account, the BIK): exact values, since a real code may hold zeros too.
 */
const seedCodes = [
  "4300000000",
  "1024300000000",
  "00000000",
  "20406Ц00000",
  "40102810000000000000",
  "013304000",
];

/** Every kind of placeholder the seed content carries. */
export const placeholderDetectors: readonly PlaceholderDetector[] = [
  {
    id: "phone",
    why: "телефон-образец 00-00-00",
    matches: (value) => /(^|\D)00-00-00($|\D)/.test(value),
  },
  { id: "street", why: "адрес-образец «ул. Примерная»", matches: contains("Примерная") },
  {
    id: "person",
    why: "ФИО-образец «Фамилия Имя Отчество»",
    matches: contains("Фамилия Имя Отчество"),
  },
  {
    id: "reserved-domain",
    why: "адрес-образец: почта на нём не работает",
    matches: (value) => reservedDomain.test(value),
  },
  {
    id: "zero-code",
    why: "код-образец: нули вместо настоящих цифр",
    matches: (value) =>
      value.split(/[^0-9A-Za-zА-ЯЁа-яё]+/).some((part) => seedCodes.includes(part)),
  },
  {
    id: "sample-notice",
    why: "примечание «Образец…»: уберите его, когда разместите настоящие сведения",
    matches: (value) => /буд(ет|ут) размещ[её]н[аоы]? учреждением/i.test(value),
  },
];

/** Where a value sits in a page's content: keys and list positions, from the top. */
export type ContentPath = readonly (string | number)[];

/** One placeholder published now: its page, the field in words, the value and why. */
export type PublishedPlaceholder = {
  page: EditablePage;
  pageTitle: string;
  path: ContentPath;
  field: string;
  value: string;
  why: string[];
};

/** Words of the fields a placeholder may sit in; a key not here is shown as it is. */
const fieldWords: Record<string, string> = {
  phone: "телефон",
  address: "адрес",
  email: "электронная почта",
  fullName: "ФИО",
  title: "название",
  value: "значение",
  label: "реквизит",
  note: "примечание",
  sampleNotice: "примечание об образце",
  biography: "биография",
  position: "должность",
  alt: "описание словами",
  text: "текст",
  days: "дни",
  hours: "часы",
  extension: "добавочный",
};

/** Parts of a page that have a name of their own (the rest are named by their items). */
const partWords: Record<string, string> = {
  legal: "Реквизиты",
  director: "Руководитель",
  chart: "Схема структуры",
  workingHours: "Режим работы",
};

/** An item of a list named as the page names it: its title, label, days or position. */
function itemName(item: unknown, index: number): string {
  if (item && typeof item === "object") {
    for (const key of ["title", "label", "days", "position"]) {
      const name = (item as Record<string, unknown>)[key];
      if (typeof name === "string" && name !== "") return name;
    }
  }
  return `№ ${index + 1}`;
}

/** The field at `path` in words: «Общие контакты — Приёмная: электронная почта». */
export function fieldInWords(content: unknown, path: ContentPath): string {
  const names: string[] = [];
  let node: unknown = content;
  let field = "";
  path.forEach((step, at) => {
    const last = at === path.length - 1;
    if (typeof step === "number") {
      const item = (node as unknown[])[step];
      if (typeof item === "string") field = `${field}, абзац ${step + 1}`;
      else names.push(itemName(item, step));
      node = item;
      return;
    }
    node = (node as Record<string, unknown>)[step];
    if (partWords[step]) names.push(partWords[step]);
    else if (last || typeof node === "string" || Array.isArray(node)) {
      field = fieldWords[step] ?? step;
    }
  });
  const words = field.replace(/^, /, "");
  const where = names.join(" — ");
  if (!where) return words.charAt(0).toUpperCase() + words.slice(1);
  return words ? `${where}: ${words}` : where;
}

/** Every text of a content with its path. */
function* textsOf(node: unknown, path: (string | number)[] = []): Generator<[ContentPath, string]> {
  if (typeof node === "string") yield [path, node];
  else if (Array.isArray(node)) {
    for (const [index, item] of node.entries()) yield* textsOf(item, [...path, index]);
  } else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) yield* textsOf(value, [...path, key]);
  }
}

/** Addresses and ids are not what a visitor reads as a value: left out. */
const skippedKeys = new Set(["id", "href", "editableHref", "pdfHref"]);

/** The placeholders in the content shown now, page by page in the list's order. */
export function placeholdersIn(content: SiteContent): PublishedPlaceholder[] {
  const found: PublishedPlaceholder[] = [];
  for (const page of Object.keys(editablePages) as EditablePage[]) {
    for (const [path, value] of textsOf(content[page])) {
      if (skippedKeys.has(String(path.at(-1)))) continue;
      const why = placeholderDetectors
        .filter((detector) => detector.matches(value))
        .map((detector) => detector.why);
      if (why.length === 0) continue;
      found.push({
        page,
        pageTitle: editablePages[page].title,
        path,
        field: fieldInWords(content[page], path),
        value,
        why,
      });
    }
  }
  return found;
}
