import {
  accreditation,
  defaultDocuments,
  documentDisplayAddress,
  documentsHeading,
} from "../../content/documents.ts";
import { describePublicFile } from "../../content/file-info.server.ts";
import { certificateLinkLabel } from "../../content/page-labels.ts";
import { type SitePath, sitePage } from "../../content/site-pages.ts";
import { siteContentOf } from "../../domain/pages/page-context.ts";
import { ContentImage } from "../components/content-image.tsx";
import {
  DownloadLink,
  type FileLabels,
  fileLabel,
  uploadedFileLabel,
} from "../components/download-link.tsx";
import { pageMeta } from "../page-meta.ts";
import type { RouteHandle } from "../route-handle.ts";
import contentStyles from "../styles/pages/content.css?inline";
import documentsStyles from "../styles/pages/documents.css?inline";
import type { Route } from "./+types/documents.ts";

export const meta = () => pageMeta("/documents");

export const handle: RouteHandle = { styles: [contentStyles, documentsStyles] };

/**
 * The published edition's documents when the server renders the page on publishing (or a draft,
 * for a preview); the build's defaults while prerendering (decision 0029). Format and size of
 * every linked file: an uploaded one's from the content, the build's read from public/.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { groups } = siteContentOf(context).documents ?? defaultDocuments;
  const documents = groups.flatMap((group) => group.documents);
  const files: FileLabels = Object.fromEntries([
    ...documents.map((document) => [
      document.href,
      document.file
        ? uploadedFileLabel(document.href, document.file)
        : describePublicFile(document.href),
    ]),
    [accreditation.certificate.src, describePublicFile(accreditation.certificate.src)],
  ]);
  return { files, groups };
}

/**
 * A group's own page among the required sections (decision 0044): the special assessment's
 * results lie in the labour-protection group, the anticorruption section beside its documents.
 */
const groupPages: Record<string, SitePath> = {
  "labour-protection": "/special-assessment",
  "anti-corruption": "/anticorruption",
};

function GroupPageLink({ groupId }: { groupId: string }) {
  const path = Object.hasOwn(groupPages, groupId) ? groupPages[groupId] : undefined;
  if (!path) return null;
  return (
    <p>
      <a href={path}>{sitePage(path).title}</a>
    </p>
  );
}

export default function DocumentsPage({ loaderData }: Route.ComponentProps) {
  const { files, groups } = loaderData;
  const certificate = accreditation.certificate;
  return (
    <div className="page">
      <h1>{documentsHeading}</h1>
      {groups.map((group) => (
        <section key={group.id} className="document-group" aria-labelledby={`${group.id}-title`}>
          <h2 id={`${group.id}-title`}>{group.title}</h2>
          <ul className="download-list">
            {group.documents.map((document) => (
              <li key={document.href} className="document-link">
                <DownloadLink file={fileLabel(files, document.href)}>{document.title}</DownloadLink>
                <span className="document-link__address">
                  {documentDisplayAddress(decodeURI(document.href))}
                </span>
              </li>
            ))}
          </ul>
          <GroupPageLink groupId={group.id} />
        </section>
      ))}

      <section className="document-group accreditation" aria-labelledby="accreditation-title">
        <h2 id="accreditation-title">{accreditation.title}</h2>
        <div className="accreditation__body">
          <div>
            {accreditation.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <p>
              <a href={accreditation.register.href}>{accreditation.register.label}</a>
            </p>
          </div>
          <figure className="accreditation__certificate">
            <a href={certificate.src}>
              <ContentImage image={certificate} />
            </a>
            <figcaption>
              <DownloadLink file={fileLabel(files, certificate.src)}>
                {certificateLinkLabel}
              </DownloadLink>
            </figcaption>
          </figure>
        </div>
      </section>
    </div>
  );
}
