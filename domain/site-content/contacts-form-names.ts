/**
 * Where the contacts' form keeps each value (contacts-form.ts): a row's field's name, the
 * requisites file's input, the field a schema complaint belongs to, and the map's point as typed.
 */
import type { MapPoint } from "./contacts-content.ts";

/** The requisites file's input. */
export const requisitesUpload = "requisitesHref.upload";

/** The name of a row's field: `wh2.days`, `g0r3.email`, `l1r0.value`. */
export const contactFieldName = (list: string, index: number, field: string) =>
  `${list}${list === "wh" ? "" : "r"}${index}.${field}`;

/** Where a complaint of the schema belongs in the form. */
export function nameOf(path: readonly PropertyKey[]): string | undefined {
  const [first, second, third, fourth, fifth, sixth] = path;
  if ((first === "phone" || first === "email" || first === "address") && second === undefined) {
    return first;
  }
  if (first === "point" && (second === "latitude" || second === "longitude")) return second;
  if (first === "workingHours" && typeof second === "number" && typeof third === "string") {
    return contactFieldName("wh", second, third);
  }
  const group = (prefix: string, index: PropertyKey | undefined, part: PropertyKey | undefined) => {
    if (typeof index !== "number") return undefined;
    if (part === "title") return `${prefix}${index}.title`;
    return undefined;
  };
  if (first === "groups") {
    if (third === "rows" && typeof fourth === "number" && typeof fifth === "string") {
      return contactFieldName(`g${String(second)}`, fourth, fifth);
    }
    return group("g", second, third);
  }
  if (first === "legal") {
    if (second === "note") return "legalNote";
    if (second === "requisites") return requisitesUpload;
    if (second !== "groups") return undefined;
    if (fourth === "rows" && typeof fifth === "number" && typeof sixth === "string") {
      return contactFieldName(`l${String(third)}`, fifth, sixth);
    }
    return group("l", third, fourth);
  }
  return undefined;
}

/** A coordinate as typed: a point or a comma ('58,6035'); anything else is not a number (NaN). */
const coordinateOf = (typed: string) =>
  /^[-+]?\d+([.,]\d+)?$/.test(typed.trim()) ? Number(typed.trim().replace(",", ".")) : Number.NaN;

/** The point typed; both fields empty: none (an older edition's, the build's is shown). */
export function pointOf(latitude: string, longitude: string): { point?: MapPoint } {
  if (latitude.trim() === "" && longitude.trim() === "") return {};
  return {
    point: { latitude: coordinateOf(latitude), longitude: coordinateOf(longitude) },
  };
}
