import { addressMapOf } from "../../content/maps.ts";
import { organisation } from "../../content/organisation.ts";
import type { FooterContacts } from "../../domain/site-content/contacts-content.ts";
import { absoluteUrl } from "./site-url.ts";

// The office hours in content/ are written for people ('Понедельник — четверг', '8.00–17.00');
// search engines read schema.org days and 24-hour times. The lunch break has no schema.org form.
const weekDays: Record<string, string[]> = {
  "Понедельник — четверг": ["Monday", "Tuesday", "Wednesday", "Thursday"],
  Пятница: ["Friday"],
};

function time(text: string): string {
  const [hours = "", minutes = ""] = text.split(".");
  return `${hours.padStart(2, "0")}:${minutes}`;
}

function openingHoursSpecification(workingHours: FooterContacts["workingHours"]) {
  return workingHours.flatMap(({ days, hours }) => {
    const dayOfWeek = weekDays[days];
    if (!dayOfWeek) return [];
    const [opens = "", closes = ""] = hours.split("–");
    return [
      { "@type": "OpeningHoursSpecification", dayOfWeek, opens: time(opens), closes: time(closes) },
    ];
  });
}

/**
 * The organisation as schema.org structured data (JSON-LD) for search engines: a
 * GovernmentOrganization with its address, phone and e-mail; the office (a Place) carries what
 * schema.org gives places only: coordinates and opening hours. The address, the phone, the
 * e-mail, the map's point and the hours are the published contacts' (the root's loader gives them).
 */
export function organisationJsonLd(contacts: FooterContacts) {
  // '610000, г. Киров, …': the postal code first, as the site writes the address.
  const [, postalCode, streetAddress = contacts.address] =
    /^(\d{6}),\s*(.+)$/.exec(contacts.address) ?? [];
  const address = {
    "@type": "PostalAddress",
    ...(postalCode ? { postalCode } : {}),
    streetAddress,
    addressLocality: "Киров",
    addressRegion: "Кировская область",
    addressCountry: "RU",
  };
  return {
    "@context": "https://schema.org",
    "@type": "GovernmentOrganization",
    name: organisation.fullName,
    alternateName: organisation.shortName,
    url: absoluteUrl("/"),
    logo: absoluteUrl("/icons/icon-512.png"),
    address,
    telephone: `+7 ${contacts.phone}`,
    email: contacts.email,
    sameAs: organisation.social.map((link) => link.href),
    location: {
      "@type": "Place",
      address,
      geo: {
        "@type": "GeoCoordinates",
        latitude: contacts.point.latitude,
        longitude: contacts.point.longitude,
      },
      openingHoursSpecification: openingHoursSpecification(contacts.workingHours),
      hasMap: addressMapOf(contacts.point, contacts.address).linkHref,
    },
  };
}
