/**
 * SAMPLE VALUES — replace before publishing.
 *
 * The specification leaves these facts as placeholders ({phone}, {email}, {name}) or does not
 * give them at all (the organisation's exact name, address, map places, social accounts).
 * Every one of them lives here and nowhere else, so replacing a sample is a change to this
 * file only. The README lists them under "Replacing sample content".
 */
export const sampleValues = {
  /** Full official name (sample: the specification does not give it). */
  organisationFullName:
    "Федеральное государственное бюджетное учреждение «Центр агрохимической службы «Кировский»",
  /** The name shown beside the logo (sample). */
  organisationShortName: "ФГБУ ЦАС «Кировский»",
  /** {phone}: the single city number of the contacts banner; the city code 8332 is real. */
  phoneLocalNumber: "00-00-00",
  /** {email}: the address every contact row writes to (a reserved .example domain). */
  email: "info@agrochem-kirov.example",
  /** {name}: the full name shown on each contact row. */
  contactPersonName: "Фамилия Имя Отчество",
  /** Postal address (sample). */
  postalCode: "610000",
  streetAddress: "г. Киров, ул. Примерная, д. 1",
  /** Social accounts (sample handles on real platforms). */
  social: {
    messenger: { label: "Telegram", href: "https://t.me/agrochem_kirov_sample" },
    socialNetwork: { label: "ВКонтакте", href: "https://vk.com/agrochem_kirov_sample" },
    blog: { label: "Дзен", href: "https://dzen.ru/agrochem_kirov_sample" },
  },
} as const;
