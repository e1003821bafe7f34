import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { applicationFormGroups } from "./application-forms.ts";
import { defaultContacts, legalDetails } from "./contacts.ts";
import { checkContent, collectLinkedFiles } from "./content-check.server.ts";
import { documentGroups } from "./documents.ts";
import { describePublicFile } from "./file-info.server.ts";
import { checkFileOfType, readZip } from "./file-validity.server.ts";
import { formatFileSize, formatRubles } from "./format.ts";
import { historyEvents } from "./history.ts";
import { homeSections } from "./home-sections.ts";
import { organisationChart } from "./organisation-chart.ts";
import { defaultPrices } from "./price-list.ts";
import { publicDir } from "./public-dir.server.ts";
import { sampleValues } from "./sample-values.ts";
import { serviceBlocks } from "./services.ts";
import { defaultVacancies, vacancyConditions, vacancySalaryLabel } from "./vacancies.ts";

const nbsp = "\u00A0";
/** Compare visitor text without caring which spaces are non-breaking. */
const plain = (text: string) => text.replaceAll(nbsp, " ");

test("every content export matches its schema and every linked file exists and is valid", async () => {
  assert.deepEqual(await checkContent(), []);
  // 12 documents, the requisites, 12 forms in two formats each, the certificate, the chart and
  // the four home-page illustrations.
  assert.equal((await collectLinkedFiles()).length, 44);
});

test("price list holds every price of the specification", () => {
  const { legalEntities, individuals } = defaultPrices;
  const legal = Object.fromEntries(
    legalEntities.packages.map((item) => [plain(item.name), item.price]),
  );
  assert.deepEqual(legal, {
    "Пакет № 1 «Эксперт»": 2106,
    "Пакет № 2 «Стандарт»": 3720,
    "Пакет № 3 «Основной»": 7200,
    "Экспресс-анализ": 2280,
    "Пакет № 4 — концентрированные корма": 3240,
    "Пакет № 5 «Зимний»": 2040,
  });
  const express = legalEntities.packages.find((item) => item.id === "express");
  assert.match(plain(express?.note ?? ""), /до 3 рабочих дней/);
  assert.match(plain(legalEntities.vatNote), /НДС/);
  assert.match(plain(legalEntities.terms.join(" ")), /10 % .*более 10 образцов/);
  assert.match(plain(legalEntities.terms.join(" ")), /до 10 рабочих дней/);
  const sampling = legalEntities.sampling;
  assert.equal(sampling.price, 1320);
  assert.match(plain(sampling.title), /силоса или сенажа/);
  assert.match(plain(sampling.conditions.join(" ")), /от 3 образцов.*по договорённости/);

  const [well, garden] = individuals.packages;
  assert.ok(well && garden);
  assert.match(well.name, /«Скважина»/);
  assert.equal(well.price, 996);
  assert.equal(well.extra?.price, 360);
  assert.equal(plain(well.period), "3–5 дней");
  assert.match(plain(well.sample), /1,5 литра воды/);
  assert.match(garden.name, /«Грядка»/);
  assert.equal(garden.price, 996);
  assert.equal(garden.extra?.price, 360);
  assert.equal(plain(garden.period), "3–5 дней");
  assert.match(plain(garden.sample), /200–300 г почвы.*по диагонали.*20–25 см/);
});

test("formatRubles groups thousands with non-breaking spaces", () => {
  assert.equal(formatRubles(2106), `2${nbsp}106${nbsp}₽`);
  assert.equal(formatRubles(996), `996${nbsp}₽`);
  assert.equal(formatRubles(45000), `45${nbsp}000${nbsp}₽`);
  assert.equal(formatRubles(1234567), `1${nbsp}234${nbsp}567${nbsp}₽`);
});

test("formatFileSize uses Russian units", () => {
  assert.equal(formatFileSize(812), `812${nbsp}Б`);
  assert.equal(formatFileSize(240 * 1024), `240${nbsp}КБ`);
  assert.equal(formatFileSize(1258291), `1,2${nbsp}МБ`);
});

test("application forms: one laboratory request and eleven centre forms, each editable and PDF", () => {
  const [lab, centre] = applicationFormGroups;
  assert.ok(lab && centre);
  assert.equal(lab.forms.length, 1);
  assert.ok(lab.forms[0]?.editableHref.endsWith(".xlsx"));
  assert.equal(centre.forms.length, 11);
  for (const form of centre.forms) {
    assert.ok(form.editableHref.endsWith(".docx"), form.id);
    assert.ok(form.pdfHref.endsWith(".pdf"), form.id);
  }
  const titles = plain(centre.forms.map((form) => form.title).join("\n"));
  for (const topic of [
    "агрохимического обследования",
    "побочных продуктов",
    "культуртехнической мелиорации",
    "известкование и фосфоритование",
    "рекультивации нарушенных земель",
    "системы земледелия",
    "многолетних насаждений",
    "золу крематория",
  ]) {
    assert.ok(titles.includes(topic), topic);
  }
});

test("documents: five groups of PDF links, charter and ethics code first", () => {
  assert.equal(documentGroups.length, 5);
  const staff = documentGroups[0]?.documents.map((doc) => plain(doc.title)) ?? [];
  assert.equal(staff[0], "Устав");
  assert.match(staff[1] ?? "", /Кодекс этики/);
  for (const group of documentGroups) {
    for (const doc of group.documents) assert.match(doc.href, /^\/docs\/[a-z0-9-]+\.pdf$/);
  }
});

test("home page: five sections with stable ids, survey periods and the history years", () => {
  assert.deepEqual(
    homeSections.map((section) => section.id),
    ["gov-task", "lab-research", "projects", "land-inventory", "history"],
  );
  const govTask = plain(JSON.stringify(homeSections[0]));
  assert.match(govTask, /эколого-токсикологическое обследование — не реже одного раза в 5 лет/);
  assert.match(govTask, /Почвенное обследование — не реже одного раза в 15 лет/);
  assert.deepEqual(
    historyEvents.map((event) => event.year),
    [1964, 1976, 1995, 1999, 2011, 2025],
  );
});

test("services: nine blocks and the two expanders", () => {
  assert.equal(serviceBlocks.length, 9);
  const expanders = serviceBlocks.flatMap((block) => block.moreInfo.map((info) => info.id));
  assert.deepEqual(expanders, ["soil-expertise", "soil-ecological-monitoring"]);
});

test("contacts: three groups whose rows use the sample e-mail and name", () => {
  assert.equal(defaultContacts.groups.length, 3);
  for (const row of defaultContacts.groups.flatMap((group) => group.rows)) {
    assert.equal(row.email, sampleValues.email);
    assert.equal(row.fullName, sampleValues.contactPersonName);
  }
  const labels = legalDetails.groups.flatMap((group) => group.rows.map((row) => row.label));
  for (const label of [
    "ИНН",
    "КПП",
    "ОГРН",
    "ОКПО",
    "Казначейский счёт",
    "Единый казначейский счёт",
    "БИК",
    "Банк",
  ]) {
    assert.ok(labels.includes(label), label);
  }
  assert.match(plain(JSON.stringify(legalDetails)), /действует на основании Устава/);
});

test("vacancies: pay and conditions of the specification", () => {
  const [chemist, economist] = defaultVacancies.vacancies;
  assert.ok(chemist && economist);
  assert.equal(chemist.salary.amount, 45000);
  assert.equal(plain(vacancySalaryLabel(chemist)), "45 000 ₽ в месяц на руки");
  assert.equal(plain(vacancySalaryLabel(economist)), "55 000 ₽ в месяц");
  assert.equal(economist.salary.amount, 55000);
  assert.equal(economist.salary.net, false);
  const conditions = (vacancy: typeof chemist) =>
    plain(
      vacancyConditions(vacancy)
        .map((c) => `${c.label}: ${c.value}`)
        .join("; "),
    );
  assert.equal(
    conditions(chemist),
    "Опыт работы: 1–3 года; Занятость: полная; График: 5/2; Рабочие часы: 8; Формат работы: на месте работодателя",
  );
  assert.equal(
    conditions(economist),
    "Выплаты: два раза в месяц; Опыт работы: 1–3 года; График: 5/2",
  );
});

test("every file under public/docs and public/forms is a valid file of its type", () => {
  for (const folder of ["docs", "forms"]) {
    for (const name of readdirSync(join(publicDir, folder))) {
      const href = `/${folder}/${name}`;
      assert.match(name, /\.(pdf|docx|xlsx)$/, href);
      assert.deepEqual(
        checkFileOfType(href, readFileSync(join(publicDir, folder, name))),
        [],
        href,
      );
    }
  }
});

test("office files say on their first page that they are samples", () => {
  const docx = readZip(readFileSync(join(publicDir, "docs", "rekvizity.docx")));
  const body = docx.find((entry) => entry.name === "word/document.xml")?.data.toString("utf8");
  assert.match(body ?? "", /ОБРАЗЕЦ\./);
  const xlsx = readZip(
    readFileSync(join(publicDir, "forms", "zayavka-laboratornye-issledovaniya.xlsx")),
  );
  const sheet = xlsx
    .find((entry) => entry.name === "xl/worksheets/sheet1.xml")
    ?.data.toString("utf8");
  assert.match(sheet ?? "", /ОБРАЗЕЦ\..*Заявка на/s);
});

test("the validity checks reject files of the wrong type", () => {
  const pdf = readFileSync(join(publicDir, "docs", "ustav.pdf"));
  const xlsx = readFileSync(join(publicDir, "forms", "zayavka-laboratornye-issledovaniya.xlsx"));
  assert.notDeepEqual(checkFileOfType("/x.docx", xlsx), []);
  assert.notDeepEqual(checkFileOfType("/x.pdf", xlsx), []);
  assert.notDeepEqual(checkFileOfType("/x.xlsx", pdf), []);
  assert.notDeepEqual(checkFileOfType("/x.pdf", pdf.subarray(0, 100)), []);
});

test("describePublicFile reports format and size, and fails on a missing file", () => {
  const info = describePublicFile("/docs/ustav.pdf");
  assert.equal(info.format, "PDF");
  assert.ok(info.bytes > 1000);
  assert.match(info.sizeLabel, new RegExp(`^PDF, \\d+${nbsp}КБ$`));
  assert.equal(describePublicFile("/forms/zayavka-laboratornye-issledovaniya.xlsx").format, "XLSX");
  assert.throws(() => describePublicFile("/docs/no-such-file.pdf"), /missing/);
  assert.throws(() => describePublicFile("/docs/../docs/ustav.pdf"), /href/);
});

test("the organisation chart image matches the size the data gives", () => {
  const svg = readFileSync(join(publicDir, "images", "organisation-chart.svg"), "utf8");
  const { width, height } = organisationChart.image;
  assert.match(svg, new RegExp(`<svg [^>]*width="${width}" height="${height}"`));
});
