import type { MapPoint } from "../domain/site-content/contacts-content.ts";
import { defaultContacts } from "./contacts.ts";
import type { EmbeddedMap } from "./schema.ts";

/** The maps service's "longitude,latitude", its comma encoded. */
const pointText = (point: MapPoint) =>
  `${point.longitude.toFixed(6)}%2C${point.latitude.toFixed(6)}`;

/**
 * The maps-service widget of /contacts at the office's point (the published contacts'), named
 * by its address. The iframe never loads offline or when the service is down, so the page also
 * shows `linkHref` as a plain link to the same place; the JSON-LD's `hasMap` is that link too.
 */
export function addressMapOf(point: MapPoint, address: string): EmbeddedMap {
  const at = pointText(point);
  return {
    src: `https://yandex.ru/map-widget/v1/?ll=${at}&z=16&pt=${at}%2Cpm2rdm`,
    title: `Карта: ${address}`,
    linkHref: `https://yandex.ru/maps/?ll=${at}&z=16&pt=${at}`,
    linkLabel: "Открыть адрес на Яндекс Картах",
  };
}

/** The build's map: its service's origin is the one /contacts may frame (the page's policy). */
export const addressMap = addressMapOf(defaultContacts.point, defaultContacts.address);
