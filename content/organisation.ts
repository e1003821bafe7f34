import { sampleValues } from "./sample-values.ts";

/** City telephone code of Kirov (given by the specification). */
const cityPhoneCode = "8332";

/** The organisation as the layout, footer and contacts page present it. */
export const organisation = {
  fullName: sampleValues.organisationFullName,
  shortName: sampleValues.organisationShortName,
  /** The founder (issue 29): the federal ministry the institution belongs to. */
  founder: "Министерство сельского хозяйства Российской Федерации",
  address: `${sampleValues.postalCode}, ${sampleValues.streetAddress}`,
  phone: {
    display: `(${cityPhoneCode}) ${sampleValues.phoneLocalNumber}`,
    href: `tel:+7${cityPhoneCode}${sampleValues.phoneLocalNumber.replace(/\D/g, "")}`,
  },
  email: sampleValues.email,
  /** Working hours exactly as the specification states them. */
  workingHours: [
    { days: "Понедельник — четверг", hours: "8.00–17.00" },
    { days: "Пятница", hours: "8.00–16.00" },
    { days: "Обед", hours: "12.00–13.00" },
  ],
  social: [
    { kind: "messenger", ...sampleValues.social.messenger },
    { kind: "social-network", ...sampleValues.social.socialNetwork },
    { kind: "blog", ...sampleValues.social.blog },
  ],
} as const;

export type SocialLink = (typeof organisation.social)[number];
