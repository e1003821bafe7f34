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
  /** The site's own address as document links display it before the path (sample). */
  siteAddress: "agrochem-kirov.example",
  /** The director's full name (sample). */
  directorName: "Фамилия Имя Отчество",
  /** Internal extension numbers of the contacts table, by row (samples). */
  contactExtensions: {
    director: "101",
    deputyDirector: "102",
    reception: "100",
    chiefAccountant: "110",
    economist: "111",
    personnel: "120",
    lawyer: "121",
    testingCentreHead: "200",
    agrochemicalLab: "210",
    feedLab: "220",
    ecotoxLab: "230",
    sampleReception: "240",
    agroecologyCentreHead: "300",
    monitoring: "310",
    design: "320",
    gis: "330",
  },
  /** Legal details (samples: every code is a placeholder of the right length). */
  legal: {
    inn: "4300000000",
    kpp: "430001001",
    ogrn: "1024300000000",
    okpo: "00000000",
    oktmo: "33701000",
    okved: "71.20",
    personalAccount: "20406Ц00000",
    treasuryAccount: "03214643000000014000",
    unifiedTreasuryAccount: "40102810000000000000",
    bik: "013304000",
    bankName: "ОТДЕЛЕНИЕ КИРОВ БАНКА РОССИИ//УФК по Кировской области г. Киров",
  },
  /** Number of the testing centre's accreditation record (sample). */
  accreditationNumber: "RA.RU.000000",
  /**
   * The office on the map (sample point in central Kirov): the build's point of the contacts,
   * which staff edit beside the address (content/maps.ts makes the widget and the link of it).
   */
  addressMap: { point: { latitude: 58.6035, longitude: 49.668 } },
  /**
   * The external interactive land map (sample). The real map lives on a static hosting site; a
   * reserved .example host stands in so the sample can never frame someone else's page.
   */
  landMapUrl: "https://land-map.agrochem-kirov.example/",
} as const;
