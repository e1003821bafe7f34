import { defaultApplications } from "../../content/application-forms.ts";
import { describePublicFile } from "../../content/file-info.server.ts";
import { formDownloadLabels } from "../../content/page-labels.ts";
import { sitePage } from "../../content/site-pages.ts";
import { siteContentOf } from "../../domain/pages/page-context.ts";
import type { SiteApplicationForm } from "../../domain/site-content/file-lists-content.ts";
import type { UploadedFileFacts } from "../../domain/site-content/site-files.ts";
import type { FileLabel, FileLabels } from "../components/download-link.tsx";
import { fileLabel, uploadedFileLabel } from "../components/download-link.tsx";
import { pageMeta } from "../page-meta.ts";
import type { RouteHandle } from "../route-handle.ts";
import contentStyles from "../styles/pages/content.css?inline";
import documentsStyles from "../styles/pages/documents.css?inline";
import type { Route } from "./+types/applications.ts";

export const meta = () => pageMeta("/applications");

export const handle: RouteHandle = { styles: [contentStyles, documentsStyles] };

/**
 * The published edition's blank forms when the server renders the page on publishing (or a
 * draft, for a preview); the build's defaults while prerendering (decision 0029). Format and
 * size of every file: an uploaded one's from the content, the build's read from public/.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { groups } = siteContentOf(context).applications ?? defaultApplications;
  const label = (href: string, facts: UploadedFileFacts | undefined) =>
    [href, facts ? uploadedFileLabel(href, facts) : describePublicFile(href)] as const;
  const files: FileLabels = Object.fromEntries(
    groups.flatMap((group) =>
      group.forms.flatMap((form) => [
        label(form.editableHref, form.editableFile),
        label(form.pdfHref, form.pdfFile),
      ]),
    ),
  );
  return { files, groups };
}

export default function ApplicationsPage({ loaderData }: Route.ComponentProps) {
  const { files, groups } = loaderData;
  return (
    <div className="page">
      <h1>{sitePage("/applications").title}</h1>
      {groups.map((group) => (
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
  form: SiteApplicationForm;
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
