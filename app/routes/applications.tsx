import { applicationFormGroups } from "../../content/application-forms.ts";
import { describePublicFile } from "../../content/file-info.server.ts";
import { formDownloadLabels } from "../../content/page-labels.ts";
import type { ApplicationForm } from "../../content/schema.ts";
import { sitePage } from "../../content/site-pages.ts";
import type { FileLabel, FileLabels } from "../components/download-link.tsx";
import { fileLabel } from "../components/download-link.tsx";
import { pageMeta } from "../page-meta.ts";
import type { RouteHandle } from "../route-handle.ts";
import contentStyles from "../styles/pages/content.css?inline";
import documentsStyles from "../styles/pages/documents.css?inline";
import type { Route } from "./+types/applications.ts";

export const meta = () => pageMeta("/applications");

export const handle: RouteHandle = { styles: [contentStyles, documentsStyles] };

/** Runs at prerender time: format and size of every blank form, read from public/. */
export function loader() {
  const hrefs = applicationFormGroups.flatMap((group) =>
    group.forms.flatMap((form) => [form.editableHref, form.pdfHref]),
  );
  const files: FileLabels = Object.fromEntries(
    hrefs.map((href) => [href, describePublicFile(href)]),
  );
  return { files };
}

export default function ApplicationsPage({ loaderData }: Route.ComponentProps) {
  const { files } = loaderData;
  return (
    <div className="page">
      <h1>{sitePage("/applications").title}</h1>
      {applicationFormGroups.map((group) => (
        <section key={group.id} className="document-group" aria-labelledby={`${group.id}-title`}>
          <h2 id={`${group.id}-title`}>{group.title}</h2>
          <ul className="form-list">
            {group.forms.map((form) => (
              <li key={form.id} className="form-list__item">
                <FormDownloads
                  form={form}
                  editable={fileLabel(files, form.editableHref)}
                  pdf={fileLabel(files, form.pdfHref)}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/**
 * A form's title and its two files. Each link's accessible name says which form and which
 * format: 'Заявка на … — скачать в Word (DOCX, 30 КБ)'.
 */
function FormDownloads({
  form,
  editable,
  pdf,
}: {
  form: ApplicationForm;
  editable: FileLabel;
  pdf: FileLabel;
}) {
  return (
    <>
      <p className="form-list__title" id={`${form.id}-title`}>
        {form.title}
      </p>
      <ul className="form-list__files">
        {[editable, pdf].map((file) => (
          <li key={file.href}>
            <a className="form-file" href={file.href}>
              <span className="visually-hidden">{form.title} — </span>
              <span className="form-file__action">
                {formDownloadLabels.action}{" "}
                {formDownloadLabels.programs[file.format] ?? file.format}
              </span>{" "}
              <span className="download-link__meta">({file.sizeLabel})</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
