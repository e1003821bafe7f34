import { megabyte } from "../../../domain/attachments/file-types.ts";
import {
  acceptOf,
  fileNameOf,
  formatList,
  type SiteFileFormat,
  siteFileLimits,
  uploadedFileFactsOf,
} from "../../../domain/site-content/site-files.ts";
import { FileInput } from "../../components/staff/file-input/file-input.tsx";

/**
 * One file of an editor's form (decision 0036): its address and facts in hidden fields, the
 * current file linked, a file input to replace it (kept when the form is posted by any button),
 * and the warnings its upload raised (a PDF without tags or language).
 */
export function UploadField({
  id,
  name,
  label,
  hidden,
  formats,
  error,
  buildHref,
}: {
  id: string;
  /** The file input's name (`<address field>.upload`). */
  name: string;
  label: string;
  /** The hidden fields: the address and the facts (JSON), by name and value. */
  hidden: { href: { name: string; value: string }; facts: { name: string; value: string } };
  formats: readonly SiteFileFormat[];
  error: string | undefined;
  /** The build's file the page links while nothing is uploaded (the hidden address stays empty). */
  buildHref?: string;
}) {
  const href = hidden.href.value || buildHref || "";
  const facts = uploadedFileFactsOf(hidden.facts.value);
  const maxMegabytes = siteFileLimits.maxFileBytes / megabyte;
  return (
    <div className="staff-stack">
      <input type="hidden" name={hidden.href.name} value={hidden.href.value} />
      <input type="hidden" name={hidden.facts.name} value={hidden.facts.value} />
      <FileInput
        id={id}
        name={name}
        label={label}
        hint={
          <>
            {href ? (
              <>
                Сейчас: <a href={href}>{fileNameOf(href)}</a>
                {facts ? ` (${facts.format})` : ""}. Выберите файл, чтобы заменить его.{" "}
              </>
            ) : (
              "Файл не загружен. "
            )}
            {formatList(formats)}, не больше {maxMegabytes} МБ.
          </>
        }
        accept={acceptOf(formats)}
        error={error}
      />
      {facts?.warnings.map((warning) => (
        <p key={warning} className="staff-notice">
          Предупреждение о файле «{fileNameOf(href)}»: {warning}
        </p>
      ))}
    </div>
  );
}
