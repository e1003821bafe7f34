/** Files kept with an appeal (an answer's, or the citizen's own), listed for staff. */
import { fileSizeWords, fileTypes } from "../../../domain/attachments/file-types.ts";
import type { AnswerView } from "../../../domain/staff/registry-types.ts";

/** A file's type in words ('PDF'), or its media type when the list of types does not know it. */
export function typeLabel(mediaType: string): string {
  const known = Object.values(fileTypes).find((type) => type.mediaType === mediaType);
  return known?.label ?? mediaType;
}

/** Files kept with an appeal (an answer's, or the citizen's own), each downloadable by staff. */
export function AnswerFiles({ appealId, files }: { appealId: string; files: AnswerView["files"] }) {
  if (files.length === 0) return <>нет</>;
  return (
    <ul className="staff-files">
      {files.map((file) => (
        <li key={file.id}>
          <a href={`/staff/appeals/${appealId}/files/${file.id}`} download>
            {file.fileName}
          </a>{" "}
          ({typeLabel(file.mediaType)}, {fileSizeWords(file.byteSize)})
        </li>
      ))}
    </ul>
  );
}
