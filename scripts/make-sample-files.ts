import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { applicationFormGroups } from "../content/application-forms.ts";
import { legalDetails } from "../content/contacts.ts";
import { accreditation, documentGroups } from "../content/documents.ts";
import { organisation } from "../content/organisation.ts";
import { organisationChart } from "../content/organisation-chart.ts";
import { personalDataPolicy } from "../content/personal-data-policy.ts";
import { publicDir, publicFilePath } from "../content/public-dir.server.ts";
import { sampleValues } from "../content/sample-values.ts";
import { renderDocx } from "./sample-files/docx.ts";
import { renderPdf } from "./sample-files/pdf.ts";
import {
  documentNotice,
  formNotice,
  requisitesNotice,
  type SampleContent,
} from "./sample-files/sample-model.ts";
import { renderCertificateSvg, renderOrganisationChartSvg } from "./sample-files/svg.ts";
import { renderXlsx } from "./sample-files/xlsx.ts";

/**
 * Generates every sample download the content links to: documents (PDF), blank forms (DOCX or
 * XLSX plus PDF), the requisites file, the certificate sample and the organisation chart image.
 * Output is reproducible and committed; run again after changing the content:
 *   node scripts/make-sample-files.ts
 * Files under public/docs and public/forms that the content no longer links to are removed.
 */
const written = new Set<string>();

async function write(href: string, data: Buffer | string | Promise<Buffer>): Promise<void> {
  const path = publicFilePath(href);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, await data);
  written.add(path);
}

const orgName = organisation.fullName;

for (const group of documentGroups) {
  for (const document of group.documents) {
    await write(
      document.href,
      renderPdf({
        notice: documentNotice,
        organisation: orgName,
        title: document.title,
        paragraphs: [
          `Раздел «${group.title}».`,
          `Здесь будет размещён документ «${document.title}» в\u00A0редакции, утверждённой учреждением.`,
        ],
      }),
    );
  }
}

await write(
  personalDataPolicy.href,
  renderPdf({
    notice: documentNotice,
    organisation: orgName,
    title: personalDataPolicy.title,
    paragraphs: [
      "Политика определяет, какие персональные данные обрабатывает учреждение, с\u00A0какой целью и\u00A0как их защищает, в\u00A0соответствии с\u00A0Федеральным законом от\u00A027.07.2006 №\u00A0152-ФЗ «О\u00A0персональных данных».",
      "Данные, указанные в\u00A0обращении гражданина, используются только для его регистрации, рассмотрения и\u00A0ответа.",
    ],
  }),
);

const applicantFields = [
  "Заявитель (наименование организации или Ф.\u00A0И.\u00A0О.)",
  "ИНН / ОГРН",
  "Адрес",
  "Контактное лицо",
  "Телефон",
  "Электронная почта",
];

function formContent(
  title: string,
  fields: string[],
  table?: SampleContent["table"],
): SampleContent {
  return {
    notice: formNotice,
    organisation: orgName,
    title,
    paragraphs: [`Прошу принять заявку ${title.replace(/^Заявка\s+/, "")}.`],
    fields: [...applicantFields, ...fields, "Дата", "Подпись заявителя"].map((label) => ({
      label,
    })),
    ...(table ? { table } : {}),
  };
}

for (const group of applicationFormGroups) {
  for (const form of group.forms) {
    const isLabRequest = form.editableHref.endsWith(".xlsx");
    const content = isLabRequest
      ? formContent(
          form.title,
          ["Вид исследований (корма, вода, почва, удобрения, радиология)", "Нужны ли рекомендации"],
          {
            headers: [
              "Наименование образца",
              "Шифр образца",
              "Определяемые показатели",
              "Количество",
              "Примечание",
            ],
            rows: Array.from({ length: 8 }, () => ["", "", "", "", ""]),
          },
        )
      : formContent(form.title, [
          "Местоположение участка (район, кадастровый номер)",
          "Площадь, га",
          "Дополнительные сведения",
        ]);
    await write(
      form.editableHref,
      isLabRequest ? renderXlsx(content, "Заявка") : renderDocx(content),
    );
    await write(form.pdfHref, renderPdf(content));
  }
}

await write(
  legalDetails.download.href,
  renderDocx({
    notice: requisitesNotice,
    organisation: orgName,
    title: "Карточка учреждения (реквизиты)",
    paragraphs: [],
    fields: legalDetails.groups.flatMap((group) =>
      group.rows.map((row) => ({ label: row.label, value: row.value })),
    ),
  }),
);

await write(
  accreditation.certificate.src,
  renderCertificateSvg({
    organisation: orgName,
    number: sampleValues.accreditationNumber,
    notice: "ОБРАЗЕЦ. Официальное изображение будет размещено учреждением.",
  }),
);

const chart = renderOrganisationChartSvg(organisationChart.root, organisationChart.title);
const { width, height } = organisationChart.image;
if (chart.width !== width || chart.height !== height) {
  throw new Error(
    `organisationChart.image in content/director.ts says ${width}×${height}, the chart is ${chart.width}×${chart.height}: update it`,
  );
}
await write(organisationChart.image.src, chart.svg);

// Remove downloads nothing links to any more, so public/ holds only what the site offers.
for (const folder of ["docs", "forms"]) {
  const dir = join(publicDir, folder);
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (!written.has(path)) rmSync(path);
  }
}

console.log(`Wrote ${written.size} sample files under ${publicDir}`);
