import {
  vacancyConditionFields,
  vacancyConditionLabels,
} from "../../../domain/site-content/vacancies-content.ts";
import {
  type VacanciesFormErrors,
  type VacancyFormValues,
  vacancyFieldName,
} from "../../../domain/site-content/vacancies-form.ts";
import { Button, ButtonGroup } from "../../components/staff/button/button.tsx";
import { Choice, TextInput } from "../../components/staff/field/field.tsx";
import { Textarea } from "../../components/staff/textarea/textarea.tsx";
import { CsrfField } from "../staff/staff-display.tsx";

/**
 * The vacancies' editor: every vacancy's fields, buttons to move, remove and add one (they show
 * the form again changed, nothing is stored), and the saving buttons with the labels staff are
 * taught: «Сохранить черновик», «Предпросмотр», and «Опубликовать» or, when a head approves,
 * «Передать на согласование». Plain HTML: it works without JavaScript.
 */
export function VacanciesEditor({
  values,
  errors,
  csrfToken,
  publishesDirectly,
}: {
  values: readonly VacancyFormValues[];
  errors: VacanciesFormErrors | undefined;
  csrfToken: string;
  publishesDirectly: boolean;
}) {
  const errorOf = (index: number, field: string) => errors?.byField[vacancyFieldName(index, field)];
  return (
    <form method="post" className="staff-stack" aria-label="Вакансии">
      {/* Enter in a field saves the draft: the first button of a form is the one Enter presses. */}
      <button type="submit" name="intent" value="save" hidden tabIndex={-1}>
        Сохранить черновик
      </button>
      <CsrfField token={csrfToken} />
      <input type="hidden" name="count" value={values.length} />
      {values.length === 0 ? (
        <p>Вакансий нет: страница скажет, что открытых вакансий сейчас нет.</p>
      ) : null}
      {values.map((vacancy, index) => {
        const name = (field: string) => vacancyFieldName(index, field);
        const id = (field: string) => `vacancy-${index}-${field}`;
        return (
          <fieldset key={vacancy.id} className="staff-form staff-stack">
            <legend>
              Вакансия {index + 1}
              {vacancy.title ? `: ${vacancy.title}` : ""}
            </legend>
            <input type="hidden" name={name("id")} value={vacancy.id} />
            <TextInput
              id={id("title")}
              name={name("title")}
              label="Название"
              required
              maxLength={200}
              defaultValue={vacancy.title}
              error={errorOf(index, "title")}
            />
            <TextInput
              id={id("salary")}
              name={name("salary")}
              label="Зарплата, ₽ в месяц"
              hint="Числом, например 45000"
              inputMode="numeric"
              required
              short
              defaultValue={vacancy.salary}
              error={errorOf(index, "salary")}
            />
            <Choice
              type="checkbox"
              name={name("net")}
              defaultChecked={vacancy.net}
              label="На руки (после вычета налога)"
            />
            {vacancyConditionFields.map((field) => {
              const control = {
                id: id(field),
                name: name(field),
                label: vacancyConditionLabels[field],
                defaultValue: vacancy[field],
                error: errorOf(index, field),
              };
              // Duties are a paragraph; every other condition a few words.
              return field === "duties" ? (
                <Textarea key={field} {...control} hint="Необязательно" rows={4} maxLength={2000} />
              ) : (
                <TextInput
                  key={field}
                  {...control}
                  hint="Необязательно: пустое поле на странице не показывается"
                  maxLength={200}
                />
              );
            })}
            <ButtonGroup>
              {index > 0 ? (
                <Button kind="secondary" name="intent" value={`up:${index}`}>
                  Выше<span className="visually-hidden">: вакансия {index + 1}</span>
                </Button>
              ) : null}
              {index < values.length - 1 ? (
                <Button kind="secondary" name="intent" value={`down:${index}`}>
                  Ниже<span className="visually-hidden">: вакансия {index + 1}</span>
                </Button>
              ) : null}
              <Button kind="secondary" name="intent" value={`remove:${index}`}>
                Удалить вакансию<span className="visually-hidden"> {index + 1}</span>
              </Button>
            </ButtonGroup>
          </fieldset>
        );
      })}
      <ButtonGroup>
        <Button kind="secondary" name="intent" value="add">
          Добавить вакансию
        </Button>
      </ButtonGroup>
      <ButtonGroup>
        <Button kind="secondary" name="intent" value="save">
          Сохранить черновик
        </Button>
        <Button kind="secondary" name="intent" value="preview">
          Предпросмотр
        </Button>
        <Button name="intent" value="publish">
          {publishesDirectly ? "Опубликовать" : "Передать на согласование"}
        </Button>
      </ButtonGroup>
    </form>
  );
}
