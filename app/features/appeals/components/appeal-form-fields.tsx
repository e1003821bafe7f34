import type { ChangeEvent, ReactNode } from "react";
import { personalDataPaths } from "../../../../content/personal-data-policy.ts";
import {
  type AppealErrors,
  type AppealField,
  filesErrorKey,
  honeypotField,
} from "../../../../domain/appeals/appeal-fields.ts";
import { regionPlaceholder } from "../../../../domain/appeals/region-placeholder.ts";
import type { AppealFieldHints } from "./appeal-field-hints.ts";
import type { AppealFileInput } from "./appeal-form.tsx";
import type { AppealFormValues } from "./appeal-form-values.ts";
import { CheckboxField, FileField, SelectField, TextAreaField, TextField } from "./form-fields.tsx";

/** Labels of the fields, also used by the error summary (appeal-form-errors.ts). */
export const appealFieldLabels: Record<AppealField, string> = {
  first_name: "Имя",
  last_name: "Фамилия",
  email: "Электронная почта",
  phone: "Телефон",
  region: "Регион",
  comment: "Текст обращения",
  consent: "Согласие на обработку персональных данных",
};

/**
 * The appeal form's fields in their order: the seven answers, the files (last but the trap: a
 * refused upload cuts the post short, and the fields before the files are what the page can fill
 * in again, decision 0045), and the trap for bots. `children` is the list of the files chosen.
 */
export function AppealFormFields({
  values,
  errors,
  regionOptions,
  fileInput,
  hints,
  consentLabel,
  onChooseFiles,
  children,
}: {
  values: AppealFormValues;
  errors: AppealErrors;
  regionOptions: readonly string[];
  fileInput: AppealFileInput;
  hints: AppealFieldHints;
  consentLabel: string;
  onChooseFiles: (event: ChangeEvent<HTMLInputElement>) => void;
  children: ReactNode;
}) {
  return (
    <>
      <TextField
        name="first_name"
        label={appealFieldLabels.first_name}
        error={errors.first_name}
        required
        autoComplete="given-name"
        className="form-input--name"
        spellCheck={false}
        defaultValue={values.first_name}
      />
      <TextField
        name="last_name"
        label={appealFieldLabels.last_name}
        error={errors.last_name}
        required
        autoComplete="family-name"
        className="form-input--name"
        spellCheck={false}
        defaultValue={values.last_name}
      />
      <TextField
        name="email"
        type="email"
        label={appealFieldLabels.email}
        hint={hints.email}
        error={errors.email}
        required
        autoComplete="email"
        className="form-input--contact"
        spellCheck={false}
        defaultValue={values.email}
      />
      <TextField
        name="phone"
        type="tel"
        label={appealFieldLabels.phone}
        hint={hints.phone}
        error={errors.phone}
        required
        autoComplete="tel"
        className="form-input--contact"
        defaultValue={values.phone}
      />
      <SelectField
        name="region"
        label={`${appealFieldLabels.region} (необязательно)`}
        error={errors.region}
        placeholder={regionPlaceholder}
        options={regionOptions}
        defaultValue={values.region}
      />
      <TextAreaField
        name="comment"
        label={appealFieldLabels.comment}
        hint={hints.comment}
        error={errors.comment}
        required
        rows={12}
        defaultValue={values.comment}
      />
      <CheckboxField
        name="consent"
        label={consentLabel}
        hint={
          <>
            <a href={personalDataPaths.consent}>Текст согласия</a> отдельным документом. Как мы
            обрабатываем персональные данные, написано в{" "}
            <a href={personalDataPaths.policy}>Политике обработки персональных данных</a>.
          </>
        }
        error={errors.consent}
        required
        defaultChecked={values.consent}
      />
      {/* Last but the trap: a refused upload cuts the post short, and the fields before the
        files are what the page can fill in again (decision 0045). */}
      <FileField
        name={filesErrorKey}
        label="Файлы (необязательно)"
        hint={fileInput.hint}
        error={errors.files}
        accept={fileInput.accept}
        onChange={onChooseFiles}
      >
        {children}
      </FileField>
      {/* A trap for bots: hidden from people and screen readers, never reached by Tab. */}
      <div className="appeal-form__trap" aria-hidden="true">
        <label htmlFor="appeal-website">Не заполняйте это поле</label>
        <input
          id="appeal-website"
          name={honeypotField}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
    </>
  );
}
