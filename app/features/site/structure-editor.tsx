import { inputConstraints } from "../../../domain/forms/input-constraints.ts";
import type { FormErrors } from "../../../domain/site-content/site-form.ts";
import {
  chartImageFormats,
  structureContentSchema,
} from "../../../domain/site-content/structure-content.ts";
import {
  chartUpload,
  type StructureFormValues,
  structureForm,
} from "../../../domain/site-content/structure-form.ts";
import { TextInput } from "../../components/staff/field/field.tsx";
import { Textarea } from "../../components/staff/textarea/textarea.tsx";
import { UploadField } from "./upload-field.tsx";

/** A field's limits, as structureContentSchema checks them on the server. */
const checked = (part: "director" | "chart", field: string) =>
  inputConstraints(structureContentSchema, part, field);

const notice = "Необязательно: пока заполнено, страница показывает его над текстом";

/**
 * The structure page's fields in the shared editor form: the director, then the organisation
 * chart's picture (the current one linked, a file input to replace it) and its description in
 * words. The chart drawn on the page stays the build's.
 */
export function StructureFields({
  values,
  errors,
}: {
  values: StructureFormValues;
  errors: FormErrors | undefined;
}) {
  const field = (name: keyof StructureFormValues) => ({
    ...structureForm.place(name),
    name,
    defaultValue: values[name],
    error: errors?.byField[name],
  });
  const upload = structureForm.place(chartUpload);
  return (
    <>
      <fieldset className="staff-form staff-stack">
        <legend>Руководитель</legend>
        <TextInput {...field("position")} {...checked("director", "position")} />
        <TextInput {...field("fullName")} {...checked("director", "fullName")} />
        <Textarea {...field("biography")} hint="Каждый абзац с новой строки" rows={6} />
        <TextInput
          {...field("directorNotice")}
          hint={notice}
          {...checked("director", "sampleNotice")}
        />
      </fieldset>
      <fieldset className="staff-form staff-stack">
        <legend>Схема структуры</legend>
        <UploadField
          id={upload.id}
          name={chartUpload}
          label={upload.label}
          hidden={{
            href: { name: "chartHref", value: values.chartHref },
            facts: { name: "chartFile", value: values.chartFile },
          }}
          formats={chartImageFormats}
          error={errors?.byField[chartUpload]}
        />
        <Textarea
          {...field("chartAlt")}
          hint="Что показывает схема: подразделения и кому они подчиняются. Это текст ссылки на картинку"
          rows={3}
          {...checked("chart", "alt")}
        />
        <TextInput {...field("chartNotice")} hint={notice} {...checked("chart", "sampleNotice")} />
      </fieldset>
    </>
  );
}
