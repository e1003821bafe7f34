import { organisation } from "./organisation.ts";
import { sampleValues } from "./sample-values.ts";
import type { EmbeddedMap } from "./schema.ts";

/**
 * The maps-service widget of /contacts. The iframe never loads offline or when the service is
 * down, so the page also shows `linkHref` as a plain link to the same place.
 */
export const addressMap = {
  src: sampleValues.addressMap.widgetUrl,
  title: `Карта: ${organisation.address}`,
  linkHref: sampleValues.addressMap.linkUrl,
  linkLabel: "Открыть адрес на Яндекс Картах",
} satisfies EmbeddedMap;
