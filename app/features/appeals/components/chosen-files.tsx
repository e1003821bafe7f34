import { fileSizeWords } from "../../../../domain/attachments/file-types.ts";

/**
 * The files chosen with JavaScript, under the file input: each with its size and a button to
 * remove it, and the upload's progress while the appeal is sent. Loaded with the schema
 * (appeal-form-lazy.ts), not with the page: the island's script stays within its budget, and the
 * list exists only once a file was chosen, by when the module is there. Called as a function by
 * the form, so the island needs no lazy component.
 */
export function chosenFilesList(
  files: readonly File[],
  remove: (index: number) => void,
  progress: number | null,
) {
  return (
    <>
      <ul className="appeal-form__files">
        {files.map((file, index) => (
          <li key={`${file.name}-${file.size}-${file.lastModified}`}>
            {file.name} ({fileSizeWords(file.size)}){" "}
            <button
              type="button"
              className="appeal-form__remove"
              aria-label={`Убрать файл «${file.name}»`}
              onClick={() => remove(index)}
            >
              Убрать
            </button>
          </li>
        ))}
      </ul>
      {progress === null ? null : (
        <progress max={1} value={progress} aria-label="Отправка файлов" />
      )}
    </>
  );
}
